package dev.cumps.app.window;

import dev.cumps.app.ConsoleExtension;
import java.util.Locale;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.testfx.api.FxRobot;

/** {@link DisabledReasons} in the Chinese window: the reasons name the window's own Chinese words. */
class DisabledReasonsChineseTest {

    @RegisterExtension
    final ConsoleExtension console = ConsoleExtension.showing(Locale.SIMPLIFIED_CHINESE).guarded();

    @Test
    void eachDisabledButtonSaysWhyInChinese(FxRobot robot) {
        DisabledReasons.eachDisabledButtonSaysWhy(robot, console, Map.ofEntries(
                Map.entry("stop.none", "请先在“守护进程”表中选择一个运行中的守护进程"),
                Map.entry("stop.stale", "所选守护进程未在运行（其记录已失效），没有可停止的进程；“移除失效记录…”可清理该记录"),
                Map.entry("stopAll.none", "没有属于你的守护进程记录可停止或清理"),
                Map.entry("remove.none", "请先在“守护进程”表中选择一条失效或无法读取的记录"),
                Map.entry("remove.live", "所选守护进程正在运行：请用“停止守护进程…”停止它；只有失效或无法读取的记录才能移除"),
                Map.entry("env.none", "请先在“概览”页选择一个运行中的守护进程；环境块属于该守护进程"),
                Map.entry("doctor.noReport", "请先运行诊断；之后才能复制或导出其报告"),
                Map.entry("doctor.notRunning", "诊断未在运行，没有可取消的内容"),
                Map.entry("fix.none", "请先选择一个“修复…”能处理的结果（带修复方法的失败检查）"),
                Map.entry("terminate.none", "请先在树中选择一个客户端进程（MPS 服务器下的一行）"),
                Map.entry("limits.none", "未选择运行中的守护进程，或仍在读取其限制：请在“概览”页选择一个运行中的守护进程"),
                Map.entry("log.none", "请先选择一个日志目录存在的守护进程")));
        console.guard().assertNoUncaughtErrors();
    }
}
