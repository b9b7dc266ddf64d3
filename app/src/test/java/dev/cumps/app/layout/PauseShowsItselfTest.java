package dev.cumps.app.layout;

import static org.junit.jupiter.api.Assertions.assertEquals;

import dev.cumps.app.ConsoleExtension;
import dev.cumps.app.Waits;
import java.util.Locale;
import javafx.scene.control.Label;
import javafx.scene.control.ToggleButton;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.testfx.api.FxRobot;

/**
 * Review 2026-12-06 M-7: at the default 1280×820, Pause turned the whole toolbar into bare icons and
 * nothing said the refresh was paused. Paused, every toolbar button keeps its name, the button reads
 * Resume, and the header says the refresh is paused; resumed, the note goes.
 */
class PauseShowsItselfTest {

    @RegisterExtension
    final ConsoleExtension console = ConsoleExtension.showing(Locale.ENGLISH);

    @Test
    void pauseKeepsTheToolbarsNamesAndTheHeaderSaysSo(FxRobot robot) {
        ReadableLayout.resize(robot, console.stage(), 1280, 820);
        robot.clickOn("#pauseButton");
        Waits.onFx("the paused note", () -> robot.lookup("#refreshPaused").query().isVisible());
        assertEquals("Refresh paused: press Resume to read the host again",
                Waits.fx(() -> robot.lookup("#refreshPaused").queryAs(Label.class).getText()));
        assertEquals("Resume", Waits.fx(() -> robot.lookup("#pauseButton").queryAs(ToggleButton.class).getText()));
        ReadableLayout.assertNamesShown(robot, "paused at 1280x820", "#startButton", "#stopButton", "#removeButton", "#pauseButton",
                "#refreshButton");
        ReadableLayout.assertNoNameCut(robot, "paused at 1280x820", ".toolbar");
        robot.clickOn("#pauseButton");
        Waits.onFx("the paused note gone", () -> !robot.lookup("#refreshPaused").query().isVisible());
    }
}
