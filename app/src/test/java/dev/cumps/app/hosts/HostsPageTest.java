package dev.cumps.app.hosts;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.cumps.app.Waits;
import dev.cumps.app.ui.dialog.Dialogs;
import java.nio.file.Path;
import java.util.List;
import java.util.Locale;
import javafx.geometry.Rectangle2D;
import javafx.scene.control.Button;
import javafx.scene.control.DialogPane;
import javafx.scene.control.Label;
import javafx.scene.control.TableView;
import javafx.scene.control.TextArea;
import javafx.stage.Modality;
import javafx.stage.Screen;
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
 * started there on the selected GPU, given new limits (checked here as typed) and stopped after the
 * confirmation (owned by the window and centred on it, through the dialog fitting), each by the host's own
 * cumps with fixed words, and a name a shell would read is refused before anything runs.
 */
@ExtendWith(ApplicationExtension.class)
class HostsPageTest {
    @TempDir
    static Path dir;

    private final ScriptedHosts hosts = new ScriptedHosts();
    private HostsViewModel viewModel;
    private Stage stage;

    @Start
    void start(Stage stage) throws Exception {
        this.stage = stage;
        viewModel = hosts.open(stage, dir, Locale.ENGLISH);
    }

    @AfterEach
    void releaseTheHungHost() {
        hosts.release();
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
        assertTrue(hosts.remote.contains(List.of("cumps", "start", "--gpus", "0")), hosts.remote.toString());
        HostsShots.write(robot, "hosts-en.png");

        // a name a shell would read is refused here, before anything runs or is stored
        int before = hosts.remote.size();
        robot.clickOn("#hostField").write("x; touch /tmp/pwned");
        robot.clickOn("#addHost");
        Waits.onFx("the refusal", () -> ((Label) robot.lookup("#hostsMessage").query()).getText()
                .startsWith("'x; touch /tmp/pwned' is not a host"));
        assertEquals(3, (int) Waits.fx(() -> table.getItems().size()));
        assertEquals(before, hosts.remote.size());

        // all of that happened while the hung host was still being read; when its read ends, its row says so
        // (the read gives up 130 s after it began, the page's deadline and the grace: this comes first)
        assertEquals("reading…", Waits.fx(() -> table.getItems().get(2).state()));
        hosts.release();
        Waits.onFx("the hung host's state", () -> table.getItems().get(2).state().equals("timed out after 120 s"));

        // new limits for it: checked as typed by the local rules, asked first, sent as fixed words
        robot.clickOn("gpu-a");
        Button setLimits = robot.lookup("#setLimitsOnHost").queryButton();
        assertTrue(setLimits.isDisabled(), "nothing typed yet");
        robot.clickOn("#hostLimitsPercentage").write("140");
        Waits.onFx("the reason beside the field", () -> ((Label) robot.lookup("#hostLimitsProblem").query()).getText().contains("140"));
        assertTrue(Waits.fx(setLimits::isDisabled), "a bad value cannot be sent");
        robot.doubleClickOn("#hostLimitsPercentage").write("40");
        robot.clickOn("#hostLimitsPinned").write("512m");
        Waits.onFx("Set limits enabled", () -> !setLimits.isDisabled());
        robot.clickOn("#setLimitsOnHost");
        Waits.until("the limits confirmation", () -> robot.lookup("#hostLimitsConfirmation").tryQuery().isPresent());
        String values = Waits.fx(() -> ((Label) robot.lookup("#hostLimitsValues").query()).getText());
        assertTrue(values.contains("40") && values.contains("512M") && values.contains("healthy"), values);
        robot.clickOn("#confirmHostLimits");
        List<String> limitsWords = List.of("cumps", "limits", "--name", "gpu-a", "--set-active-thread-percentage", "40",
                "--set-pinned-mem-limit", "512M");
        Waits.onFx("the limits set", () -> ((Label) robot.lookup("#hostsMessage").query()).getText().startsWith("Set limits on healthy"));
        assertEquals("Set limits on healthy: done.", Waits.fx(() -> ((Label) robot.lookup("#hostsMessage").query()).getText()));
        assertTrue(hosts.remote.contains(limitsWords), hosts.remote.toString());
        assertTrue(Waits.fx(() -> ((TextArea) robot.lookup("#hostDetail").query()).getText()).contains("active thread percentage 40 %"),
                "the host's own words, not JSON");

        // stop: a confirmation first; Cancel sends nothing
        robot.clickOn("gpu-a");
        robot.clickOn("#stopOnHost");
        Waits.until("the confirmation", () -> robot.lookup("#hostStopConfirmation").tryQuery().isPresent());
        assertFittedOnThePage(robot.lookup("#hostStopConfirmation").queryAs(DialogPane.class));
        robot.clickOn("#cancelHostStop");
        assertFalse(hosts.remote.contains(List.of("cumps", "stop", "--name", "gpu-a")), hosts.remote.toString());
        robot.clickOn("#stopOnHost");
        Waits.until("the confirmation", () -> robot.lookup("#hostStopConfirmation").tryQuery().isPresent());
        robot.clickOn("#confirmHostStop");
        Waits.onFx("the daemon gone", () -> robot.lookup("#hostDaemons").queryTableView().getItems().isEmpty());
        assertTrue(hosts.remote.contains(List.of("cumps", "stop", "--name", "gpu-a")), hosts.remote.toString());

    }

    /**
     * The dialog fitting's promises (Dialogs.own): owned by the page's window, modeless to the window manager
     * (a modal one un-maximises the window under openbox), resizable, at least the minimum size, and centred on
     * the window once placed (kept on the screen, where the window, left where an earlier test put it, is near
     * its edge).
     */
    private void assertFittedOnThePage(DialogPane pane) {
        Stage dialog = (Stage) pane.getScene().getWindow();
        assertSame(stage, dialog.getOwner(), "owned by the page's window");
        assertEquals(Modality.NONE, dialog.getModality(), "modeless to the window system");
        assertTrue(dialog.isResizable(), "resizable");
        assertTrue(dialog.getMinWidth() >= Dialogs.MIN_WIDTH && dialog.getMinHeight() >= Dialogs.MIN_HEIGHT,
                "a minimum size: " + dialog.getMinWidth() + "x" + dialog.getMinHeight());
        Rectangle2D screen = Screen.getPrimary().getVisualBounds();
        Waits.onFx("the confirmation centred on the window (" + Waits.fx(() -> stage.getX() + "," + stage.getY() + " "
                + stage.getWidth() + "x" + stage.getHeight()) + ", screen " + screen + ")", () ->
                Math.abs(dialog.getX() - centred(stage.getX(), stage.getWidth(), dialog.getWidth(), screen.getMinX(), screen.getMaxX())) <= 1
                        && Math.abs(dialog.getY() - centred(stage.getY(), stage.getHeight(), dialog.getHeight(),
                                screen.getMinY(), screen.getMaxY())) <= 1);
    }

    /** Where a dialog of {@code size} centred on a window at {@code at} of {@code owner} size lies, kept on the screen. */
    private static double centred(double at, double owner, double size, double screenMin, double screenMax) {
        return Math.max(screenMin, Math.min(at + (owner - size) / 2, screenMax - size));
    }
}
