package dev.cumps.app.window;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.cumps.app.ConsoleExtension;
import dev.cumps.app.SimulatedConsole;
import dev.cumps.app.Waits;
import dev.cumps.app.ui.style.RecordLook;
import dev.cumps.core.record.DaemonRecord;
import dev.cumps.sim.DriverProfile;
import java.io.IOException;
import java.nio.file.Files;
import java.util.Locale;
import javafx.scene.control.Button;
import javafx.scene.control.Label;
import javafx.scene.control.TextField;
import javafx.scene.input.KeyCode;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.testfx.api.FxRobot;
import org.testfx.util.WaitForAsyncUtils;

/**
 * The Limits pane against a real stand-in daemon: recorded and current values shown, bad input
 * refused as it is typed (the reason under the field, Apply disabled), and a valid value applied
 * only after the confirmation, after which the daemon and the record both hold it.
 */
class LimitsPaneTest {

    @RegisterExtension
    final ConsoleExtension console = ConsoleExtension.showing(Locale.ENGLISH).guarded();
    private WindowDriver ui;

    @BeforeEach
    void begin(FxRobot robot) {
        ui = new WindowDriver(robot, console.window());
    }

    @Test
    void showsRecordedAndCurrentRejectsBadInputAndAppliesAfterConfirmation(FxRobot robot) throws Exception {
        DaemonRecord daemon = console.host().start("lim-a", 0);
        ui.refreshUntil("the live row", () -> ui.row("lim-a").isPresent());
        ui.select("lim-a");
        robot.clickOn("#limitsNav");
        Waits.onFx("the daemon's values", () -> "100".equals(text(robot, "#limitsCurrentPercentage")));
        assertEquals("not set", text(robot, "#limitsRecordedPercentage"));
        assertEquals("not set", text(robot, "#limitsRecordedPinned"));
        assertEquals("not set", text(robot, "#limitsCurrentPinned"));
        Button apply = robot.lookup("#limitsApply").queryButton();
        assertTrue(Waits.fx(apply::isDisabled), "nothing typed yet");

        type(robot, "#limitsPercentage", "101");
        assertEquals("Invalid active thread percentage '101': give a whole number from 1 to 100, e.g. 25",
                text(robot, "#limitsPercentageProblem"));
        assertTrue(Waits.fx(apply::isDisabled), "101 is refused");
        type(robot, "#limitsPercentage", "");
        type(robot, "#limitsPinned", "8X");
        assertEquals("Invalid pinned memory limit '8X': give a whole number of mebibytes or gibibytes, e.g. 512M or 8G",
                text(robot, "#limitsPinnedProblem"));
        assertTrue(Waits.fx(apply::isDisabled), "8X is refused");

        type(robot, "#limitsPinned", "");
        type(robot, "#limitsPercentage", "25");
        assertEquals("", text(robot, "#limitsPercentageProblem"));
        assertFalse(Waits.fx(apply::isDisabled), "25 is fine");

        robot.clickOn("#limitsApply");
        ui.dialog("#limitsConfirmation");
        assertEquals("25", text(robot, "#confirmPercentage"));
        assertEquals("unchanged", text(robot, "#confirmPinned"));
        robot.clickOn("#cancelLimits");
        ui.dialogGone("#limitsConfirmation");
        assertFalse(recordText().contains("mps_active_thread_percentage"), "Cancel changed nothing: " + recordText());

        robot.clickOn("#limitsApply");
        ui.dialog("#limitsConfirmation");
        robot.clickOn("#confirmLimits");
        // One sentence that starts with a capital and does not repeat what the action says (review L-12).
        Waits.onFx("the outcome", () -> text(robot, "#limitsOutcome").startsWith("Active thread percentage 25, pinned memory limit "));
        Waits.onFx("the status line", () -> ui.notice().startsWith("Set MPS limits of lim-a: Active thread percentage 25, "));
        assertTrue(text(robot, "#limitsOutcome").endsWith("running server(s), and recorded"), text(robot, "#limitsOutcome"));
        assertTrue(recordText().contains("\"mps_active_thread_percentage\": 25"), recordText());
        assertFalse(recordText().contains("mps_pinned_device_mem_limit"), recordText());
        assertTrue(recordText().contains("\"pid\": " + daemon.pid()), "the same daemon's record: " + recordText());
        ui.refreshUntil("the new values shown", () -> "25".equals(text(robot, "#limitsRecordedPercentage"))
                && "25".equals(text(robot, "#limitsCurrentPercentage")));
        Waits.onFx("the daemons table's limits column", () -> ui.row("lim-a").orElseThrow().limits().equals("25 % threads"));
    }

    /** Review 2026-12-06 L-10: the fields widened with a reason under them, Enter did nothing, a stale daemon's fields took input. */
    @Test
    void theFieldsKeepTheirWidthEnterAppliesAndAStaleDaemonOffersNoFields(FxRobot robot) throws Exception {
        DaemonRecord daemon = console.host().start("lim-b", 0);
        ui.refreshUntil("the live row", () -> ui.row("lim-b").isPresent());
        ui.select("lim-b");
        robot.clickOn("#limitsNav");
        Waits.onFx("the daemon's values", () -> "100".equals(text(robot, "#limitsCurrentPercentage")));
        TextField percentage = robot.lookup("#limitsPercentage").queryAs(TextField.class);
        double width = Waits.fx(percentage::getWidth);
        type(robot, "#limitsPercentage", "101");
        Waits.onFx("the reason", () -> !text(robot, "#limitsPercentageProblem").isEmpty());
        robot.interact(() -> {
            percentage.getScene().getRoot().applyCss();
            percentage.getScene().getRoot().layout();
        });
        assertEquals(width, Waits.fx(percentage::getWidth), 0.5, "the field keeps its width beside a reason");

        robot.type(KeyCode.ENTER);
        WaitForAsyncUtils.waitForFxEvents();
        assertFalse(robot.lookup("#limitsConfirmation").tryQuery().isPresent(), "Enter on a refused value asks nothing");
        type(robot, "#limitsPercentage", "30");
        robot.type(KeyCode.ENTER);
        ui.dialog("#limitsConfirmation");
        robot.clickOn("#cancelLimits");
        ui.dialogGone("#limitsConfirmation");

        SimulatedConsole.kill(daemon);
        ui.refreshUntil("the stale row", () -> ui.row("lim-b").map(row -> row.state() == RecordLook.STALE).orElse(false));
        Waits.onFx("the fields off for a stale daemon", () -> percentage.isDisabled()
                && robot.lookup("#limitsPinned").queryAs(TextField.class).isDisabled());
    }

    /**
     * On R470, whose daemon answers the pinned-memory commands {@code Unknown command "…"}, the pane shows that column as
     * not supported by this driver (the words {@code cumps limits} prints), never the daemon as not reporting its limits.
     */
    @Test
    void aDriverWithoutPinnedMemoryLimitsShowsThatColumnAsNotSupported(FxRobot robot) throws Exception {
        console.host().configure(config -> config.withDriver(DriverProfile.R470));
        console.host().start("lim-a", 0);
        ui.refreshUntil("the live row", () -> ui.row("lim-a").isPresent());
        ui.select("lim-a");
        robot.clickOn("#limitsNav");
        Waits.onFx("the daemon's values", () -> "100".equals(text(robot, "#limitsCurrentPercentage")));
        assertEquals("not supported by this driver", text(robot, "#limitsCurrentPinned"));
        assertEquals("not set", text(robot, "#limitsRecordedPinned"));
        assertFalse(Waits.fx(() -> robot.lookup("#limitsHint").queryAs(Label.class).getText()).contains("did not report"),
                "the daemon is not shown as failing to report its limits");
    }

    /** The record file's text, as another tool (uni-cumps, cat) reads it. */
    private String recordText() throws IOException {
        return Files.readString(console.host().recordFile("lim-a"));
    }

    private static void type(FxRobot robot, String id, String text) {
        TextField field = robot.lookup(id).queryAs(TextField.class);
        robot.interact(field::clear);
        if (!text.isEmpty()) {
            robot.clickOn(field).write(text);
        }
        Waits.onFx(id + " to hold " + text, () -> field.getText().equals(text));
    }

    private static String text(FxRobot robot, String id) {
        return Waits.fx(() -> robot.lookup(id).queryAs(Label.class).getText());
    }
}
