package dev.cumps.app.main;

import dev.cumps.app.ConsoleExtension;
import java.util.Locale;
import java.util.Set;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.testfx.api.FxRobot;

/** zh-CN at 1280 px: "独占进程 (Exclusive_Process)" and "已禁用 (Disabled)" are not cut to "独占进程 (Exclu…e_Process)". */
class GpuColumnsFitChineseTest {

    @RegisterExtension
    final ConsoleExtension console = ConsoleExtension.showing(Locale.SIMPLIFIED_CHINESE);

    @Test
    void computeModeMigVisibleAndDaemonsAreShownWholeAt1280Pixels(FxRobot robot) throws Exception {
        GpuColumnsFit.shortValuesAreShownWhole(console, robot, Set.of("计算模式", "MIG", "可见", "守护进程"), "MPS 限制");
    }
}
