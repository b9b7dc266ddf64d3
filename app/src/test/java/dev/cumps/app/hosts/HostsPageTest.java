package dev.cumps.app.hosts;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.cumps.app.Waits;
import dev.cumps.app.activity.ActivityLog;
import dev.cumps.app.context.ConsoleContext;
import dev.cumps.app.i18n.Messages;
import dev.cumps.app.ui.FxUiExecutor;
import dev.cumps.app.ui.style.ConsoleStylesheet;
import dev.cumps.core.exec.CommandResult;
import dev.cumps.core.exec.CommandSpec;
import dev.cumps.core.fleet.Destination;
import dev.cumps.core.fleet.Fleet;
import dev.cumps.core.fleet.HostList;
import dev.cumps.core.host.HostEnvironment;
import dev.cumps.core.host.HostPaths;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Clock;
import java.time.ZoneOffset;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import javafx.scene.Scene;
import javafx.scene.control.Label;
import javafx.scene.control.TableView;
import javafx.stage.Stage;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.api.io.TempDir;
import org.testfx.api.FxRobot;
import org.testfx.framework.junit5.ApplicationExtension;
import org.testfx.framework.junit5.Start;

/**
 * The Hosts page over a scripted ssh (the transport is the runner; real OpenSSH is FleetE2eTest's):
 * three hosts, one healthy, one whose host key changed and one that hangs. The healthy host's row is
 * shown while the hung one is still being read (the window answers clicks meanwhile), a daemon is
 * started there on the selected GPU and stopped after the confirmation, each by the host's own cumps
 * with fixed words, and a name a shell would read is refused before anything runs.
 */
@ExtendWith(ApplicationExtension.class)
class HostsPageTest {
    @TempDir
    static Path dir;

    private final CountDownLatch release = new CountDownLatch(1);
    private final List<List<String>> remote = new CopyOnWriteArrayList<>();
    private volatile boolean live;
    private HostsViewModel viewModel;

    @Start
    void start(Stage stage) throws Exception {
        Path folder = Files.createTempDirectory(dir, "cfg");
        HostList list = new HostList(folder.resolve("mps-console/hosts"), (Integer) Files.getAttribute(folder, "unix:uid"));
        list.add(Destination.of("healthy"));
        list.add(Destination.of("changed"));
        list.add(Destination.of("stuck"));
        HostEnvironment host = new HostEnvironment(Map.of("HOME", folder.toString(), "PATH", "/usr/bin"), 1000, "here", "Linux",
                HostPaths.under(folder));
        Messages messages = Messages.forLocale(Locale.ENGLISH);
        Clock clock = Clock.system(ZoneOffset.UTC);
        ConsoleContext ctx = new ConsoleContext(new FxUiExecutor(), messages, new ActivityLog(clock), text -> { }, clock);
        viewModel = new HostsViewModel(ctx, new Fleet(this::ssh, host, clock), list, ZoneOffset.UTC);
        Scene scene = new Scene(new HostsView(viewModel, messages), 1100, 700);
        ConsoleStylesheet.applyTo(scene);
        stage.setScene(scene);
        stage.show();
        viewModel.showingProperty().set(true);
    }

    @AfterEach
    void releaseTheHungHost() {
        release.countDown();
    }

    /** The scripted transport: what each host's sshd and cumps would answer. */
    private CommandResult ssh(CommandSpec spec) {
        List<String> argv = spec.argv();
        String host = argv.get(argv.indexOf("--") + 1);
        List<String> words = argv.subList(argv.indexOf("--") + 2, argv.size());
        switch (host) {
            case "changed":
                return CommandResult.exited("ssh", 255, "", "@@@@\n@ WARNING: REMOTE HOST IDENTIFICATION HAS CHANGED! @\n"
                        + "Host key verification failed.\n");
            case "stuck":
                try {
                    release.await(120, TimeUnit.SECONDS);
                } catch (InterruptedException e) {
                    Thread.currentThread().interrupt();
                }
                return CommandResult.timedOut("ssh", "", "");
            default:
                break;
        }
        remote.add(List.copyOf(words));
        if (words.equals(List.of("cumps", "start", "--gpus", "0"))) {
            live = true;
            return CommandResult.exited("ssh", 0, "{\"name\": \"gpu-a\", \"pid\": 4242}\n", "");
        }
        if (words.equals(List.of("cumps", "stop", "--name", "gpu-a"))) {
            live = false;
            return CommandResult.exited("ssh", 0, "{\"stopped\": \"gpu-a\"}\n", "");
        }
        String daemons = live ? "[{\"name\": \"gpu-a\", \"record_state\": \"live\", \"pid\": 4242, \"gpu_uuids\": [\"GPU-a\"]}]" : "[]";
        return CommandResult.exited("ssh", 0, "cumps 1.4.0\n{\"schema_version\": 1, \"driver_version\": \"550.54.15\","
                + " \"all_gpus\": [{\"index\": 0, \"uuid\": \"GPU-a\", \"name\": \"NVIDIA H100\", \"compute_mode\": \"Default\"}],"
                + " \"managed_daemons\": " + daemons + "}\n", "");
    }

    @Test
    void showsEachHostAsItAnswersStartsAndStopsOnTheHealthyOneAndRefusesShellNames(FxRobot robot) {
        TableView<HostRow> table = robot.lookup("#hostsTable").queryTableView();
        Waits.onFx("the healthy host's row", () -> table.getItems().size() == 3 && table.getItems().get(0).state().equals("reachable"));
        Waits.onFx("the changed host's row", () -> table.getItems().get(1).state().startsWith("host key changed"));
        assertEquals("reading…", Waits.fx(() -> table.getItems().get(2).state()), "the hung host is still being read");
        HostRow healthy = Waits.fx(() -> table.getItems().get(0));
        assertEquals("1.4.0", healthy.version());
        assertEquals("550.54.15", healthy.driver());
        assertEquals("0 live, 0 stale", healthy.daemons());

        // the window answers while a host hangs: select the healthy host, its GPU, start there
        robot.clickOn("healthy");
        TableView<?> gpus = robot.lookup("#hostGpus").queryTableView();
        Waits.onFx("the healthy host's GPU", () -> gpus.getItems().size() == 1);
        robot.clickOn("NVIDIA H100");
        robot.clickOn("#startOnHost");
        Waits.onFx("the started daemon", () -> robot.lookup("#hostDaemons").queryTableView().getItems().size() == 1);
        assertTrue(remote.contains(List.of("cumps", "start", "--gpus", "0")), remote.toString());
        HostsShots.write(robot, "hosts-en.png");

        // stop: a confirmation first; Cancel sends nothing
        robot.clickOn("gpu-a");
        robot.clickOn("#stopOnHost");
        Waits.until("the confirmation", () -> robot.lookup("#hostStopConfirmation").tryQuery().isPresent());
        robot.clickOn("#cancelHostStop");
        assertFalse(remote.contains(List.of("cumps", "stop", "--name", "gpu-a")), remote.toString());
        robot.clickOn("#stopOnHost");
        Waits.until("the confirmation", () -> robot.lookup("#hostStopConfirmation").tryQuery().isPresent());
        robot.clickOn("#confirmHostStop");
        Waits.onFx("the daemon gone", () -> robot.lookup("#hostDaemons").queryTableView().getItems().isEmpty());
        assertTrue(remote.contains(List.of("cumps", "stop", "--name", "gpu-a")), remote.toString());

        // a name a shell would read is refused here, before anything runs or is stored
        int before = remote.size();
        robot.clickOn("#hostField").write("x; touch /tmp/pwned");
        robot.clickOn("#addHost");
        Waits.onFx("the refusal", () -> ((Label) robot.lookup("#hostsMessage").query()).getText()
                .startsWith("'x; touch /tmp/pwned' is not a host"));
        assertEquals(3, (int) Waits.fx(() -> table.getItems().size()));
        assertEquals(before, remote.size());

        // all of that happened while the hung host was still being read; when its read ends, its row says so
        assertEquals("reading…", Waits.fx(() -> table.getItems().get(2).state()));
        release.countDown();
        Waits.onFx("the hung host's state", () -> table.getItems().get(2).state().equals("timed out after 15 s"));
    }
}
