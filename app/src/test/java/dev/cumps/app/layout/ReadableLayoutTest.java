package dev.cumps.app.layout;

import dev.cumps.app.ConsoleExtension;
import java.io.IOException;
import java.util.Locale;
import javafx.stage.Stage;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.testfx.api.FxRobot;

/**
 * The English window at 1280×820, 1100×700 and 900×600: with a failing check in
 * the doctor's run, every result row is drawn whole (status, check, observed, expected, remedy: no
 * ellipsis, nothing clipped, no column cut off), failures first, the diagnosed GPU named above the
 * table; the rail, the page and the status line do not overlap; no button's name is cut on the doctor
 * page or on the overview.
 */
public class ReadableLayoutTest {

    @RegisterExtension
    final ConsoleExtension console = ConsoleExtension.showing(Locale.ENGLISH);

    @Test
    void everyDoctorRowIsReadableAtEachSizeWithAFailurePresent(FxRobot robot) throws IOException {
        check(robot, console, "en", ReadableLayout.STAGE);
    }

    /**
     * The whole check in {@code console}'s window, in {@code language} (named in the messages),
     * brought to each size by {@code sizing}.
     */
    public static void check(FxRobot robot, ConsoleExtension console, String language, ReadableLayout.Sizing sizing)
            throws IOException {
        Stage stage = console.stage();
        ReadableLayout.prepareFailures(console);
        ReadableLayout.runDoctor(robot);
        for (double[] size : ReadableLayout.SIZES) {
            String where = language + " " + (int) size[0] + "x" + (int) size[1];
            sizing.resize(robot, stage, size[0], size[1]);
            ReadableLayout.assertEveryDoctorRowReadable(robot, where);
            sizing.assertOnScreen(where, stage, ReadableLayout.doctorCellsOnScreen(robot));
            ReadableLayout.assertNoOverlap(robot, where + " doctor page", "#menuBar", "#pageRail", "#doctorTable",
                    "#doctorSide", ".status-bar");
            ReadableLayout.assertNoNameCut(robot, where + " doctor page", "#doctorSide");
            ReadableLayout.assertNoNameCut(robot, where + " doctor page", ".doctor-view");
            ReadableLayout.assertNoNameCut(robot, where + " rail", "#pageRail");
            ReadableLayout.assertGpuNamed(robot, where);
        }
        robot.clickOn("#overviewNav");
        for (double[] size : ReadableLayout.SIZES) {
            String where = language + " " + (int) size[0] + "x" + (int) size[1];
            sizing.resize(robot, stage, size[0], size[1]);
            ReadableLayout.assertNoNameCut(robot, where + " overview toolbar", ".toolbar");
            if (size[0] >= 1280) {
                // The default size has room for every name: icons only are for narrower windows.
                ReadableLayout.assertNamesShown(robot, where + " overview toolbar", "#startButton", "#removeButton", "#refreshButton");
            }
            ReadableLayout.assertHeadersWhole(robot, where + " daemons", "#daemonsTable");
            ReadableLayout.assertHeadersWhole(robot, where + " GPUs", "#gpusTable");
            ReadableLayout.assertNoOverlap(robot, where + " overview", "#menuBar", "#pageRail", ".toolbar", "#gpusTable",
                    "#pipesTable", "#daemonsTable", ".status-bar");
        }
        // The control log's toolbar: a long caption (a stopped daemon's "its last log: <path>") gives way to
        // the buttons, which keep their names (review 2026-12-06 M-6).
        robot.clickOn("#logNav");
        for (double[] size : ReadableLayout.SIZES) {
            String where = language + " " + (int) size[0] + "x" + (int) size[1];
            sizing.resize(robot, stage, size[0], size[1]);
            ReadableLayout.assertNamesShown(robot, where + " control log toolbar", "#logFollow", "#logWrap", "#logOpenFolder",
                    "#logRefresh");
        }
    }
}
