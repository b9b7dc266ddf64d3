package dev.cumps.app.hosts;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.cumps.app.Waits;
import java.nio.file.Path;
import java.util.List;
import java.util.Locale;
import javafx.scene.control.DialogPane;
import javafx.scene.control.Label;
import javafx.scene.control.TableView;
import javafx.stage.Stage;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.api.io.TempDir;
import org.testfx.api.FxRobot;
import org.testfx.framework.junit5.ApplicationExtension;
import org.testfx.framework.junit5.Start;

/**
 * {@link HostsPageTest} in Simplified Chinese, over the same scripted transport: the page's words, the
 * host states, an action's outcome and a refusal are all Chinese; it also writes the page's picture.
 */
@ExtendWith(ApplicationExtension.class)
class HostsPageChineseTest {
    @TempDir
    static Path dir;

    private final ScriptedHosts hosts = new ScriptedHosts();
    private HostsViewModel viewModel;

    @Start
    void start(Stage stage) throws Exception {
        viewModel = hosts.open(stage, dir, Locale.SIMPLIFIED_CHINESE);
    }

    @AfterEach
    void releaseTheHungHost() {
        hosts.release();
    }

    @Test
    void everyWordOnThePageIsChinese(FxRobot robot) {
        TableView<HostRow> table = robot.lookup("#hostsTable").queryTableView();
        Waits.onFx("the healthy host's row", () -> table.getItems().size() == 3 && table.getItems().get(0).state().equals("可访问"));
        Waits.onFx("the changed host's row", () -> table.getItems().get(1).state().startsWith("主机密钥已变更"));
        assertEquals("读取中…", Waits.fx(() -> table.getItems().get(2).state()));
        assertEquals("0 个运行中，0 个已失效", Waits.fx(() -> table.getItems().get(0).daemons()));
        assertEquals("未运行", Waits.fx(() -> table.getItems().get(0).doctor()));
        assertEquals(List.of("主机", "状态", "cumps", "驱动", "GPU", "守护进程", "诊断", "上次读取"),
                Waits.fx(() -> table.getColumns().stream().map(c -> c.getText()).toList()));
        robot.clickOn("healthy");
        // The compute mode in words, as the Overview shows it, not nvidia-smi's "Default" alone (review L-15).
        Waits.onFx("the host's GPUs", () -> !viewModel.gpus().isEmpty());
        assertEquals("默认 (Default)", Waits.fx(() -> viewModel.gpus().get(0).computeMode()));
        robot.clickOn("NVIDIA H100");
        robot.clickOn("#startOnHost");
        Waits.onFx("the started daemon", () -> robot.lookup("#hostDaemons").queryTableView().getItems().size() == 1);
        Waits.onFx("the message in Chinese", () -> ((Label) robot.lookup("#hostsMessage").query()).getText().equals("已在 healthy 上完成启动。"));
        HostsShots.write(robot, "hosts-zh-CN.png");
        robot.clickOn("gpu-a");
        robot.clickOn("#hostLimitsPercentage").write("0");
        Waits.onFx("the reason in Chinese", () -> ((Label) robot.lookup("#hostLimitsProblem").query()).getText().startsWith("无效的活动线程百分比"));
        robot.doubleClickOn("#hostLimitsPercentage").write("40");
        robot.clickOn("#setLimitsOnHost");
        Waits.until("the limits confirmation", () -> robot.lookup("#hostLimitsConfirmation").tryQuery().isPresent());
        assertEquals("设置 healthy 上 gpu-a 的资源限制？", Waits.fx(() -> ((DialogPane) robot.lookup("#hostLimitsConfirmation").query()).getHeaderText()));
        assertTrue(Waits.fx(() -> ((Label) robot.lookup("#hostLimitsValues").query()).getText()).startsWith("活动线程百分比：40。固定设备显存上限：不变。"));
        robot.clickOn("#confirmHostLimits");
        Waits.onFx("the limits set, in Chinese", () -> ((Label) robot.lookup("#hostsMessage").query()).getText().equals("已在 healthy 上完成设置资源限制。"));
        robot.clickOn("#hostField").write("$(id)");
        robot.clickOn("#addHost");
        Waits.onFx("the refusal in Chinese", () -> ((Label) robot.lookup("#hostsMessage").query()).getText().startsWith("'$(id)' 不是主机"));
    }
}
