package dev.cumps.e2e;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.cumps.app.activity.ActivityLog;
import dev.cumps.app.context.ConsoleContext;
import dev.cumps.app.hosts.HostRow;
import dev.cumps.app.hosts.HostsView;
import dev.cumps.app.hosts.HostsViewModel;
import dev.cumps.app.i18n.Messages;
import dev.cumps.app.ui.FxUiExecutor;
import dev.cumps.app.ui.style.ConsoleStylesheet;
import dev.cumps.core.exec.ProcessCommandRunner;
import dev.cumps.core.fleet.Fleet;
import dev.cumps.core.fleet.HostList;
import dev.cumps.core.host.HostEnvironment;
import dev.cumps.core.host.HostPaths;
import dev.cumps.e2e.SshHosts.Cumps;
import dev.cumps.e2e.SshHosts.Trust;
import dev.cumps.sim.testing.SimHost;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Clock;
import java.time.Duration;
import java.time.ZoneOffset;
import java.util.List;
import java.util.Locale;
import java.util.Optional;
import java.util.concurrent.Callable;
import java.util.concurrent.TimeUnit;
import java.util.function.BooleanSupplier;
import javafx.scene.Node;
import javafx.scene.Scene;
import javafx.scene.control.Label;
import javafx.scene.control.TableRow;
import javafx.scene.control.TableView;
import javafx.stage.Stage;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.testfx.api.FxRobot;
import org.testfx.framework.junit5.ApplicationExtension;
import org.testfx.framework.junit5.Start;
import org.testfx.util.WaitForAsyncUtils;

/**
 * The window's Hosts page over real OpenSSH (headless, Monocle): three loopback sshd hosts (see
 * {@link SshHosts}), one healthy with its own simulated NVIDIA machine and the real cumps, one whose
 * host key changed, one whose cumps hangs. Each host's state is shown in words; while the hung host
 * is still being read (its cumps runs on the host) the window answers the user; the hung cumps is gone
 * on its host once its row says "timed out"; and a daemon is started and stopped on the healthy host
 * from the page, by that host's own cumps.
 */
@ExtendWith({CumpsExtension.class, ApplicationExtension.class})
class HostsWindowE2eTest {
    private Stage stage;

    @Start
    void start(Stage stage) {
        this.stage = stage;
    }

    @Test
    void showsEachRealHostInWordsStaysResponsiveWhileOneHangsAndStartsAndStopsOnTheHealthyOne(CumpsHarness h, FxRobot robot)
            throws Exception {
        assertTrue(SshHosts.available(), "OpenSSH is needed: apt-get install openssh-server (CI's .ci/run installs it)");
        try (SshHosts hosts = new SshHosts(h); FxUiExecutor executor = new FxUiExecutor()) {
            SimHost healthy = hosts.add("healthy", Cumps.REAL, Trust.KNOWN);
            hosts.add("changed", Cumps.REAL, Trust.CHANGED);
            hosts.add("stuck", Cumps.HANGS, Trust.KNOWN);
            for (String host : List.of("healthy", "changed", "stuck")) {
                h.cumps("hosts", "add", host).assertOk();
            }
            // the window's own wiring, with this test's client side: its PATH (the ssh wrapper), HOME and hosts file
            HostEnvironment client = new HostEnvironment(h.baseEnvironment(), h.uid, "here", "Linux", HostPaths.under(h.root));
            Clock clock = Clock.system(ZoneOffset.UTC);
            Messages messages = Messages.forLocale(Locale.ENGLISH);
            ConsoleContext ctx = new ConsoleContext(executor, messages, new ActivityLog(clock), text -> { }, clock);
            // 30 s for each read (the page's own is 15 s): the hung host's read must outlast the steps
            // below that show the window answering meanwhile, also on a busy machine
            HostsViewModel viewModel = new HostsViewModel(ctx, new Fleet(new ProcessCommandRunner(), client, clock),
                    HostList.of(client), ZoneOffset.UTC, Duration.ofSeconds(30));
            robot.interact(() -> {
                Scene scene = new Scene(new HostsView(viewModel, messages), 1100, 700);
                ConsoleStylesheet.applyTo(scene);
                stage.setScene(scene);
                stage.show();
                viewModel.showingProperty().set(true);
            });
            TableView<HostRow> table = robot.lookup("#hostsTable").queryTableView();
            await("three rows", () -> fx(() -> table.getItems().size() == 3));

            // while the hung cumps runs on its host, the window answers: a name a shell would read is refused at once
            await("the hung cumps running on its host", () -> !hungPids(hosts).isEmpty());
            robot.clickOn("#hostField").write("$(id)");
            robot.clickOn("#addHost");
            await("the refusal", () -> fx(() -> text("#hostsMessage").startsWith("'$(id)' is not a host")));
            assertEquals("reading…", fx(() -> table.getItems().get(2).state()), "the hung host was still being read meanwhile");

            // every host's state in words
            await("the healthy host's row", () -> fx(() -> table.getItems().get(0).state().equals("reachable")));
            await("the changed host's row", () -> fx(() -> table.getItems().get(1).state().startsWith("host key changed")));
            await("the hung host's row", () -> fx(() -> table.getItems().get(2).state().equals("timed out after 30 s")));
            assertEquals("0 live, 0 stale", fx(() -> table.getItems().get(0).daemons()));
            assertTrue(fx(() -> table.getItems().get(0).version()).matches("[0-9].*"), "the healthy host's cumps version");
            // and the hung cumps did not outlive the read on its host
            for (long pid : hungPids(hosts)) {
                assertTrue(Procs.awaitGone(pid, CumpsHarness.PATIENCE), "the hung cumps " + pid + " still runs on its host");
            }

            // start a daemon on the healthy host's GPU, from the page
            robot.clickOn("healthy");
            TableView<?> gpus = robot.lookup("#hostGpus").queryTableView();
            await("the healthy host's GPU", () -> fx(() -> gpus.getItems().size() == 1));
            robot.clickOn(firstRow(robot, "#hostGpus"));
            robot.clickOn("#startOnHost");
            TableView<?> daemons = robot.lookup("#hostDaemons").queryTableView();
            await("the started daemon in the page", () -> fx(() -> daemons.getItems().size() == 1));
            await("the start reported", () -> fx(() -> text("#hostsMessage").equals("Start on healthy: done.")));
            Path record = healthy.records().resolve(CumpsHarness.DEFAULT_NAME).resolve("daemon.json");
            assertTrue(Files.isRegularFile(record), "the record is on the healthy host");
            JsonNode started = new ObjectMapper().readTree(record.toFile());
            long pid = started.get("pid").asLong();
            assertTrue(SimHost.running(pid), "the daemon runs on the healthy host");
            assertEquals("1 live, 0 stale", fx(() -> table.getItems().get(0).daemons()));

            // stop it from the page, after the confirmation: the host's cumps verifies pid and start time
            robot.clickOn(firstRow(robot, "#hostDaemons"));
            robot.clickOn("#stopOnHost");
            await("the confirmation", () -> robot.lookup("#hostStopConfirmation").tryQuery().isPresent());
            robot.clickOn("#confirmHostStop");
            await("the daemon gone from the page", () -> fx(() -> daemons.getItems().isEmpty()));
            assertFalse(Files.exists(record), "the host's cumps removed its record");
            assertTrue(Procs.awaitGone(pid, CumpsHarness.PATIENCE), "the daemon on the healthy host stopped");
            assertEquals("0 live, 0 stale", fx(() -> table.getItems().get(0).daemons()));
            robot.interact(stage::close);
        }
    }

    private static List<Long> hungPids(SshHosts hosts) {
        try {
            return hosts.hungPids("stuck");
        } catch (IOException e) {
            throw new AssertionError(e);
        }
    }

    /**
     * The first row of {@code table} that shows an item, once the table has laid one out: its items can be
     * there a pulse before its rows are (CI with two CPU hogs found no row right after the item arrived).
     */
    private static Node firstRow(FxRobot robot, String table) {
        await("a filled row in " + table, () -> fx(() -> filledRow(robot, table).isPresent()));
        return fx(() -> filledRow(robot, table).orElseThrow());
    }

    private static Optional<Node> filledRow(FxRobot robot, String table) {
        return robot.from(robot.lookup(table).queryTableView()).lookup(".table-row-cell")
                .match((TableRow<?> row) -> !row.isEmpty() && row.getItem() != null).tryQuery();
    }

    private static String text(String id) {
        return ((Label) new FxRobot().lookup(id).query()).getText();
    }

    private static void await(String what, BooleanSupplier condition) {
        CumpsHarness.await(what, CumpsHarness.PATIENCE, condition);
    }

    /** {@code call} on the FX thread, its answer here. */
    private static <T> T fx(Callable<T> call) {
        try {
            return WaitForAsyncUtils.asyncFx(call).get(CumpsHarness.PATIENCE.toSeconds(), TimeUnit.SECONDS);
        } catch (Exception e) {
            throw new AssertionError("the FX thread did not answer", e);
        }
    }
}
