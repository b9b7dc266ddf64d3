package dev.cumps.e2e;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.cumps.app.activity.ActivityLog;
import dev.cumps.app.context.ConsoleContext;
import dev.cumps.app.doctor.DoctorRow;
import dev.cumps.app.hosts.HostRow;
import dev.cumps.app.hosts.HostsView;
import dev.cumps.app.hosts.HostsViewModel;
import dev.cumps.app.i18n.Messages;
import dev.cumps.app.ui.FxUiExecutor;
import dev.cumps.app.ui.style.ConsoleStylesheet;
import dev.cumps.app.ui.style.Severity;
import dev.cumps.core.exec.ProcessCommandRunner;
import dev.cumps.core.fleet.Fleet;
import dev.cumps.core.fleet.HostList;
import dev.cumps.core.host.HostEnvironment;
import dev.cumps.core.host.HostPaths;
import dev.cumps.e2e.SshHosts.Cumps;
import dev.cumps.e2e.SshHosts.Trust;
import java.time.Clock;
import java.time.Duration;
import java.time.ZoneOffset;
import java.util.List;
import java.util.Locale;
import java.util.concurrent.Callable;
import java.util.concurrent.TimeUnit;
import java.util.function.BooleanSupplier;
import javafx.scene.Scene;
import javafx.scene.control.Label;
import javafx.scene.control.TableView;
import javafx.stage.Stage;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.testfx.api.FxRobot;
import org.testfx.framework.junit5.ApplicationExtension;
import org.testfx.framework.junit5.Start;
import org.testfx.util.WaitForAsyncUtils;

/**
 * Review 2026-12-06 H-1 over real OpenSSH: a loopback host with two simulated GPUs and the real cumps, a
 * healthy daemon on its GPU 0 (started from the page). Hosts → Run doctor with GPU 0 selected diagnoses
 * GPU 0 there: no check fails, topology and the daemon's checks pass (the bare {@code cumps doctor
 * --json} the page used to send fails topology and skips them on such a host); with no GPU selected the
 * page diagnoses both GPUs in turn. The result is the evidence table, the GPU named above it.
 */
@ExtendWith({CumpsExtension.class, ApplicationExtension.class})
class HostsDoctorE2eTest {
    private Stage stage;

    @Start
    void start(Stage stage) {
        this.stage = stage;
    }

    @Test
    void theDoctorOfATwoGpuHostDiagnosesTheSelectedGpuWithoutFailures(CumpsHarness h, FxRobot robot) throws Exception {
        assertTrue(SshHosts.available(), "OpenSSH is needed: apt-get install openssh-server (CI's .ci/run installs it)");
        try (SshHosts hosts = new SshHosts(h); FxUiExecutor executor = new FxUiExecutor()) {
            hosts.add("twin", Cumps.REAL, Trust.KNOWN, 2);
            h.cumps("hosts", "add", "twin").assertOk();
            HostEnvironment client = new HostEnvironment(h.baseEnvironment(), h.uid, "here", "Linux", HostPaths.under(h.root));
            Clock clock = Clock.system(ZoneOffset.UTC);
            Messages messages = Messages.forLocale(Locale.ENGLISH);
            ConsoleContext ctx = new ConsoleContext(executor, messages, new ActivityLog(clock), text -> { }, clock);
            HostsViewModel viewModel = new HostsViewModel(ctx, new Fleet(new ProcessCommandRunner(), client, clock),
                    HostList.of(client), ZoneOffset.UTC, Duration.ofSeconds(30));
            robot.interact(() -> {
                Scene scene = new Scene(new HostsView(viewModel, messages), 1280, 820);
                ConsoleStylesheet.applyTo(scene);
                stage.setScene(scene);
                stage.show();
                viewModel.showingProperty().set(true);
            });
            TableView<HostRow> table = robot.lookup("#hostsTable").queryTableView();
            await("the two-GPU host's row", () -> fx(() -> table.getItems().size() == 1 && table.getItems().get(0).state().equals("reachable")));
            TableView<?> gpus = robot.lookup("#hostGpus").queryTableView();
            await("its two GPUs", () -> fx(() -> gpus.getItems().size() == 2));

            // a healthy daemon on GPU 0, started from the page
            robot.interact(() -> gpus.getSelectionModel().select(0));
            robot.clickOn("#startOnHost");
            await("the start reported", () -> fx(() -> text("#hostsMessage").equals("Start on twin: done.")));
            await("the daemon in the page", () -> fx(() -> robot.lookup("#hostDaemons").queryTableView().getItems().size() == 1));

            // GPU 0 selected: its doctor, whole, without a failure or a skipped daemon check
            robot.interact(() -> gpus.getSelectionModel().select(0));
            robot.clickOn("#doctorOnHost");
            TableView<DoctorRow> evidence = robot.lookup("#hostDoctorTable").queryTableView();
            await("the doctor's rows", () -> fx(() -> evidence.getItems().size() >= 10));
            List<DoctorRow> rows = fx(() -> List.copyOf(evidence.getItems()));
            assertTrue(rows.stream().noneMatch(r -> r.severity() == Severity.FAIL), "no check fails on a healthy host: " + rows);
            for (String id : List.of("topology", "daemon_count", "identity", "answers")) {
                assertTrue(rows.stream().anyMatch(r -> r.id().equals(id) && r.severity() == Severity.PASS), id + " passes: " + rows);
            }
            assertTrue(fx(() -> text("#hostDoctorGpu")).startsWith("Diagnosed: GPU 0 · "), fx(() -> text("#hostDoctorGpu")));
            await("the verdict in the row", () -> fx(() -> table.getItems().get(0).doctor().startsWith("OK")));

            // no GPU selected: both in turn
            robot.interact(() -> gpus.getSelectionModel().clearSelection());
            robot.clickOn("#doctorOnHost");
            await("rows of both GPUs", () -> fx(() -> evidence.getItems().stream().anyMatch(r -> r.title().startsWith("GPU 1 · "))
                    && evidence.getItems().stream().anyMatch(r -> r.title().startsWith("GPU 0 · "))));
            assertEquals(1L, (long) fx(() -> evidence.getItems().stream().filter(r -> r.id().equals("platform")).count()));

            // end the daemon started here, on its host, by its host's cumps
            robot.interact(() -> robot.lookup("#hostDaemons").queryTableView().getSelectionModel().select(0));
            robot.clickOn("#stopOnHost");
            await("the confirmation", () -> robot.lookup("#hostStopConfirmation").tryQuery().isPresent());
            robot.clickOn("#confirmHostStop");
            await("the daemon gone from the page", () -> fx(() -> robot.lookup("#hostDaemons").queryTableView().getItems().isEmpty()));
            robot.interact(stage::close);
        }
    }

    private static String text(String id) {
        return ((Label) new FxRobot().lookup(id).query()).getText();
    }

    private static void await(String what, BooleanSupplier condition) {
        CumpsHarness.await(what, CumpsHarness.PATIENCE, condition);
    }

    private static <T> T fx(Callable<T> call) {
        try {
            return WaitForAsyncUtils.asyncFx(call).get(CumpsHarness.PATIENCE.toSeconds(), TimeUnit.SECONDS);
        } catch (Exception e) {
            throw new AssertionError("the FX thread did not answer", e);
        }
    }
}
