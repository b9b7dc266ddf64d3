package dev.cumps.app.window;

import dev.cumps.app.ConsoleExtension;
import java.util.Locale;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.testfx.api.FxRobot;

/** {@link DaemonExitAfterStart} in the english window. */
class DaemonExitAfterStartEnglishTest {

    @RegisterExtension
    final ConsoleExtension console = ConsoleExtension.showing(Locale.ENGLISH).guarded();

    @Test
    void aDaemonThatExitsRightAfterItsStartTurnsTheStartedLineIntoAnError(FxRobot robot) throws Exception {
        DaemonExitAfterStart.diesAfterTheStartIsReportedInWords(robot, console,
                "Daemon {name} (pid {pid}) exited {n} s after it started; its log is {log}");
        console.guard().assertNoUncaughtErrors();
    }
}
