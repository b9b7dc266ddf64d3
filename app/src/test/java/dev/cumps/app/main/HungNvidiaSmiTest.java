package dev.cumps.app.main;

import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.Locale;
import java.util.Map;

import dev.cumps.app.ConsoleWindow;
import dev.cumps.app.SimulatedConsole;
import dev.cumps.app.WindowFixture;
import javafx.scene.control.Label;
import javafx.scene.control.ToggleButton;
import javafx.stage.Stage;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.testfx.api.FxRobot;
import org.testfx.framework.junit5.ApplicationExtension;
import org.testfx.framework.junit5.Start;

/** nvidia-smi that never answers: the core gives up after 5 s; the window never stops answering. */
@ExtendWith(ApplicationExtension.class)
class HungNvidiaSmiTest {

    private final SimulatedConsole host = SimulatedConsole.open(Map.of("CUMPS_SIM_SMI_FAULT", "hang"));
    private ConsoleWindow.Built window;
    private Stage stage;

    @Start
    void start(Stage stage) {
        this.stage = stage;
        window = WindowFixture.show(stage, host, Locale.ENGLISH);
    }

    @AfterEach
    void close() {
        WindowFixture.closeOtherWindows(stage);
        host.close();
    }

    @Test
    void theWindowAnswersWhileARefreshWaitsAndThenShowsTheDiagnostic(FxRobot robot) throws Exception {
        robot.clickOn("#refreshButton");
        assertTrue(window.viewModel().refreshingProperty().get(), "the refresh runs in the background");

        long t0 = System.nanoTime();
        robot.clickOn("#pauseButton");
        long clickMillis = (System.nanoTime() - t0) / 1_000_000;

        assertTrue(robot.lookup("#pauseButton").queryAs(ToggleButton.class).isSelected(), "the click was handled");
        assertTrue(window.viewModel().refreshingProperty().get(), "... while nvidia-smi was still hanging");
        assertTrue(clickMillis < 3000, "a click took " + clickMillis + " ms");

        WindowFixture.waitUntil(30, () -> !window.viewModel().refreshingProperty().get());
        Label diagnostic = robot.lookup("#diagnostic").queryAs(Label.class);
        assertTrue(diagnostic.isVisible());
        assertTrue(diagnostic.getText().contains("nvidia-smi"), diagnostic.getText());
        assertTrue(robot.lookup("#smiStatus").queryAs(Label.class).getText().endsWith("unavailable"));
    }
}
