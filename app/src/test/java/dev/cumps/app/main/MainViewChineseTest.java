package dev.cumps.app.main;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import java.util.Locale;

import dev.cumps.app.ConsoleWindow;
import dev.cumps.app.SimulatedConsole;
import dev.cumps.app.WindowFixture;
import javafx.scene.control.Label;
import javafx.scene.input.KeyCode;
import javafx.stage.Stage;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.testfx.api.FxRobot;
import org.testfx.framework.junit5.ApplicationExtension;
import org.testfx.framework.junit5.Start;

@ExtendWith(ApplicationExtension.class)
class MainViewChineseTest {

    private final SimulatedConsole host = SimulatedConsole.open();
    private ConsoleWindow.Built window;
    private Stage stage;

    @Start
    void start(Stage stage) {
        this.stage = stage;
        window = WindowFixture.show(stage, host, Locale.SIMPLIFIED_CHINESE);
    }

    @AfterEach
    void close() {
        WindowFixture.closeOtherWindows(stage);
        host.close();
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

    @Test
    void noTextIsAMissingKeyAndTheRowsAreChinese(FxRobot robot) throws Exception {
        host.start("zh-a", 0);
        robot.type(KeyCode.F5);
        WindowFixture.waitUntil(() -> window.viewModel().daemons().size() == 1);

        assertEquals("运行中", window.viewModel().daemons().get(0).stateText());
        assertEquals("平台: linux", robot.lookup("#platform").queryAs(Label.class).getText());
        List<String> texts = org.testfx.util.WaitForAsyncUtils.asyncFx(() -> WindowFixture.visibleTexts(window.view())).get();
        assertEquals(List.of(), texts.stream().filter(t -> MainViewTest.MISSING_KEY.matcher(t).find()).toList());
        assertTrue(texts.contains("启动守护进程…"), texts.toString());
    }
}
