package dev.cumps.app.window;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.cumps.app.ConsoleExtension;
import dev.cumps.app.Waits;
import dev.cumps.app.i18n.Messages;
import dev.cumps.core.message.Message;
import dev.cumps.core.mps.MpsLimits;
import dev.cumps.core.mps.MpsMessages;
import dev.cumps.core.record.DaemonRecord;
import dev.cumps.core.record.RecordLookup;
import java.util.Locale;
import java.util.OptionalInt;
import java.util.OptionalLong;
import javafx.scene.control.Button;
import javafx.scene.control.Label;
import javafx.scene.control.TextField;
import javafx.scene.input.KeyCode;
import org.junit.jupiter.api.Nested;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.testfx.api.FxRobot;

/**
 * Review 2026-12-06 L-28: the Start dialog has the MPS limit fields of {@code cumps start
 * --active-thread-percentage P --pinned-mem-limit SIZE}. A wrong value is refused as it is typed with the
 * CLI's reason in the window's language and Start stays disabled; valid values start the daemon with its
 * limits recorded; empty fields set none.
 */
class StartDialogLimitsTest {

    @Nested
    class English {
        @RegisterExtension
        final ConsoleExtension console = ConsoleExtension.showing(Locale.ENGLISH);

        @Test
        void wrongLimitsAreRefusedWithTheCliReasonAndValidOnesAreRecorded(FxRobot robot) {
            limits(console, robot, Locale.ENGLISH, "Invalid active thread percentage '101'", "Invalid pinned memory limit '8T'");
        }
    }

    @Nested
    class Chinese {
        @RegisterExtension
        final ConsoleExtension console = ConsoleExtension.showing(Locale.SIMPLIFIED_CHINESE);

        @Test
        void wrongLimitsAreRefusedWithTheCliReasonAndValidOnesAreRecorded(FxRobot robot) {
            limits(console, robot, Locale.SIMPLIFIED_CHINESE, "百分比", "显存");
        }
    }

    private static void limits(ConsoleExtension console, FxRobot robot, Locale locale, String percentageSays, String pinnedSays) {
        WindowDriver ui = new WindowDriver(robot, console.window());
        Messages messages = Messages.forLocale(locale);
        ui.refreshUntil("two GPUs", () -> ui.vm().gpus().size() == 2);
        robot.press(KeyCode.CONTROL).press(KeyCode.N).release(KeyCode.N).release(KeyCode.CONTROL);
        ui.dialog("#startDialog");
        Button start = robot.lookup("#startConfirm").queryButton();
        Waits.onFx("the request accepted", () -> !start.isDisabled());
        TextField name = robot.lookup("#startName").queryAs(TextField.class);
        TextField percentage = robot.lookup("#startPercentage").queryAs(TextField.class);
        TextField pinned = robot.lookup("#startPinned").queryAs(TextField.class);
        Label percentageProblem = robot.lookup("#startPercentageProblem").queryAs(Label.class);
        Label pinnedProblem = robot.lookup("#startPinnedProblem").queryAs(Label.class);

        robot.interact(() -> percentage.setText("101"));
        String expected = messages.windowText(Message.of(MpsMessages.LIMIT_PERCENTAGE_INVALID, "101"));
        Waits.onFx("the percentage refused", () -> expected.equals(percentageProblem.getText()));
        assertTrue(Waits.fx(percentageProblem::getText).contains(percentageSays), Waits.fx(percentageProblem::getText));
        assertTrue(Waits.fx(start::isDisabled), "Start is disabled while the percentage is wrong");

        robot.interact(() -> {
            percentage.setText("25");
            pinned.setText("8T");
        });
        String expectedSize = messages.windowText(Message.of(MpsMessages.LIMIT_SIZE_INVALID, "8T"));
        Waits.onFx("the size refused", () -> expectedSize.equals(pinnedProblem.getText()) && percentageProblem.getText().isEmpty());
        assertTrue(Waits.fx(pinnedProblem::getText).contains(pinnedSays), Waits.fx(pinnedProblem::getText));
        assertTrue(Waits.fx(start::isDisabled), "Start is disabled while the size is wrong");

        robot.interact(() -> {
            name.setText("lim-a");
            pinned.setText("8g");
        });
        Waits.onFx("the limits accepted", () -> !start.isDisabled() && pinnedProblem.getText().isEmpty());
        assertFalse(Waits.fx(pinnedProblem::isManaged), "no room taken by an empty problem");
        robot.interact(start::fire);
        ui.dialogGone("#startDialog");

        RecordLookup found = console.host().services().records().lookup("lim-a");
        DaemonRecord record = ((RecordLookup.Found) found).record();
        console.host().track(record);
        assertEquals(new MpsLimits(OptionalInt.of(25), OptionalLong.of(8192)), record.limits(), "the limits were applied and recorded");
    }
}
