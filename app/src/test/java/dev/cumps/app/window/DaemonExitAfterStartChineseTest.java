package dev.cumps.app.window;

import dev.cumps.app.ConsoleExtension;
import java.util.Locale;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.testfx.api.FxRobot;

/** {@link DaemonExitAfterStart} in the chinese window. */
class DaemonExitAfterStartChineseTest {

    @RegisterExtension
    final ConsoleExtension console = ConsoleExtension.showing(Locale.SIMPLIFIED_CHINESE).guarded();

    @Test
    void aDaemonThatExitsRightAfterItsStartTurnsTheStartedLineIntoAnError(FxRobot robot) throws Exception {
        DaemonExitAfterStart.diesAfterTheStartIsReportedInWords(robot, console,
                "守护进程 {name}（pid {pid}）在启动 {n} 秒后退出；日志位于 {log}");
        console.guard().assertNoUncaughtErrors();
    }
}
