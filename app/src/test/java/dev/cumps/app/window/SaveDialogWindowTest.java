package dev.cumps.app.window;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.cumps.app.ConsoleExtension;
import dev.cumps.app.ConsoleWindow;
import dev.cumps.app.Waits;
import dev.cumps.app.ui.dialog.SaveDialog;
import java.io.File;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Locale;
import java.util.concurrent.CopyOnWriteArrayList;
import javafx.scene.control.Button;
import javafx.stage.FileChooser;
import javafx.stage.Stage;
import javafx.stage.Window;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.api.io.TempDir;
import org.testfx.api.FxRobot;

/**
 * Both exports of the window (the doctor's Export, the activity's Save as…) go through the one
 * {@link SaveDialog}: each asks it, gets the chosen format's extension added to a bare name, and the
 * main window, un-maximised by the native dialog as openbox does, is maximised again afterwards.
 */
class SaveDialogWindowTest {

    @TempDir
    Path dir;
    /** What each save dialog showed: its title and proposed name. */
    private final List<String> asked = new CopyOnWriteArrayList<>();
    private volatile String answer = "";

    /** Stands in for the desktop's native dialog: un-maximises its owner as openbox does and answers a bare name. */
    private File nativeDialog(FileChooser chooser, Window owner) {
        asked.add(chooser.getTitle() + " | " + chooser.getInitialFileName());
        ((Stage) owner).setMaximized(false);
        return dir.resolve(answer).toFile();
    }

    @RegisterExtension
    final ConsoleExtension console = ConsoleExtension.showing(Locale.ENGLISH)
            .withPanes((viewModels, main) -> ConsoleWindow.standardPanes(viewModels, main, new SaveDialog(this::nativeDialog)));

    @Test
    void bothExportsAskTheOneSaveDialogAndKeepTheWindowMaximised(FxRobot robot) throws Exception {
        robot.interact(() -> console.stage().setMaximized(true));

        robot.clickOn("#doctorNav");
        Waits.onFx("the doctor page", () -> robot.lookup("#doctorExport").tryQuery().isPresent());
        Button export = robot.lookup("#doctorExport").queryButton();
        robot.clickOn("#doctorRun");
        Waits.onFx("the doctor report", () -> !export.isDisabled());
        answer = "report";
        robot.clickOn(export);
        Waits.until("the report written with the selected format's extension", () -> Files.exists(dir.resolve("report.json")));
        Waits.onFx("the window maximised again after the doctor's Export", () -> console.stage().isMaximized());

        robot.clickOn("#activityNav");
        answer = "activity";
        robot.clickOn("#activityExport");
        Waits.until("the activity written with the selected format's extension", () -> Files.exists(dir.resolve("activity.txt")));
        Waits.onFx("the window maximised again after the activity's Save as…", () -> console.stage().isMaximized());

        assertEquals(List.of("Export doctor report | cumps-doctor.json", "Save activity | cumps-activity.txt"), asked);
        assertTrue(Files.readString(dir.resolve("activity.txt")).contains("Export doctor report"), "the export was recorded");
    }
}
