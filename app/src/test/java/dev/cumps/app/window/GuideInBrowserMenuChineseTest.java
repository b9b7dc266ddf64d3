package dev.cumps.app.window;

import dev.cumps.app.ConsoleExtension;
import dev.cumps.app.guide.StandInXdgOpen;
import java.nio.file.Path;
import java.util.Locale;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.api.io.TempDir;
import org.testfx.api.FxRobot;

/** {@link GuideInBrowserMenu} in the Chinese window: the Chinese guide beside the English one is handed over. */
class GuideInBrowserMenuChineseTest {

    @RegisterExtension
    final ConsoleExtension console = ConsoleExtension.showing(Locale.SIMPLIFIED_CHINESE).guarded();

    @TempDir
    Path dir;
    private StandInXdgOpen xdg;

    @AfterEach
    void endTheStandIn() {
        if (xdg != null) {
            xdg.end();
        }
    }

    @Test
    void shiftF1HandsTheChineseGuideToXdgOpen(FxRobot robot) throws Exception {
        xdg = StandInXdgOpen.in(dir);
        GuideInBrowserMenu.handsTheGuideOver(robot, console, dir, xdg, Locale.SIMPLIFIED_CHINESE, "guide.zh-CN.md",
                "已将 %s 交给 xdg-open");
        console.guard().assertNoUncaughtErrors();
    }
}
