package dev.cumps.app.main;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.cumps.app.ConsoleExtension;
import dev.cumps.app.Waits;
import dev.cumps.app.WindowFixture;
import java.util.List;
import java.util.Locale;
import javafx.scene.control.Label;
import javafx.scene.input.KeyCode;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.testfx.api.FxRobot;
import org.testfx.util.WaitForAsyncUtils;

class MainViewChineseTest {

    @RegisterExtension
    final ConsoleExtension console = ConsoleExtension.showing(Locale.SIMPLIFIED_CHINESE);


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
        console.host().start("zh-a", 0);
        robot.type(KeyCode.F5);
        WindowFixture.waitUntil(() -> console.window().viewModel().daemons().size() == 1);

        assertEquals("运行中", console.window().viewModel().daemons().get(0).stateText());
        assertEquals("平台：linux", Waits.fx(() -> robot.lookup("#platform").queryAs(Label.class).getText()));
        WindowFixture.visitEveryPage(robot, console.window().view());
        List<String> texts = WaitForAsyncUtils.asyncFx(() -> WindowFixture.visibleTexts(console.window().view())).get();
        assertEquals(List.of(), texts.stream().filter(t -> MainViewTest.MISSING_KEY.matcher(t).find()).toList());
        assertTrue(texts.contains("启动守护进程…"), texts.toString());
        // The core's values in the GPU table are translated, the raw nvidia-smi value kept beside them.
        // The default simulated GPUs are Exclusive_Process with MIG disabled (SimConfig.defaults()).
        assertEquals(2, console.window().viewModel().gpus().size());
        for (GpuRow gpu : console.window().viewModel().gpus()) {
            assertEquals("独占进程 (Exclusive_Process)", gpu.computeMode());
            assertEquals("已禁用 (Disabled)", gpu.mig());
        }
    }
}
