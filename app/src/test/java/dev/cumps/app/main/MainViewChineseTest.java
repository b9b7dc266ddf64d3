package dev.cumps.app.main;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.Locale;

import dev.cumps.app.ConsoleWindow;
import dev.cumps.app.LaunchOptions;
import dev.cumps.app.Messages;
import javafx.scene.control.Label;
import javafx.stage.Stage;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.testfx.api.FxRobot;
import org.testfx.framework.junit5.ApplicationExtension;
import org.testfx.framework.junit5.Start;

@ExtendWith(ApplicationExtension.class)
class MainViewChineseTest {

    @Start
    void start(Stage stage) {
        LaunchOptions simulated = new LaunchOptions(true, LaunchOptions.DEFAULTS.language(), LaunchOptions.DEFAULTS.screenshot());
        stage.setScene(ConsoleWindow.createScene(simulated, Messages.forLocale(Locale.SIMPLIFIED_CHINESE)));
        stage.show();
    }

    @Test
    void showsTheThreeTablesWithChineseTitles(FxRobot robot) {
        assertEquals("GPU", robot.lookup("#gpusTitle").queryAs(Label.class).getText());
        assertEquals("控制管道", robot.lookup("#pipesTitle").queryAs(Label.class).getText());
        assertEquals("守护进程", robot.lookup("#daemonsTitle").queryAs(Label.class).getText());
    }

    @Test
    void theSimulatedBadgeIsShownForASimulatedHost(FxRobot robot) {
        Label badge = robot.lookup("#simulatedBadge").queryAs(Label.class);
        assertTrue(badge.isVisible());
        assertEquals("模拟主机", badge.getText());
    }
}
