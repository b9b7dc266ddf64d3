package dev.cumps.app.panes;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.cumps.app.PaneExtension;
import dev.cumps.app.Waits;
import dev.cumps.app.doctor.DoctorView;
import java.util.List;
import java.util.Locale;
import javafx.scene.control.Hyperlink;
import javafx.stage.Stage;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.testfx.api.FxRobot;

/**
 * The Guide link in Chinese: the link reads 指南 and opens the Chinese guide inside the
 * application, at the check's entry, naming the window's own Chinese buttons (修复…, 启动守护进程…),
 * not the English ones.
 */
class DoctorGuideChineseTest {
    @RegisterExtension
    final PaneExtension pane = PaneExtension.in(Locale.SIMPLIFIED_CHINESE).size(1200, 700)
            .showing(p -> new DoctorView(p.viewModels().doctor()));

    @Test
    void theChineseWindowOpensTheChineseGuideAtTheEntry(FxRobot robot) {
        DoctorGuideViewTest.runFor(robot, "0");
        Hyperlink link = DoctorGuideViewTest.guideLink(robot, "daemon_count").orElseThrow();
        assertEquals("指南", link.getText());

        robot.clickOn(link);
        Stage guide = DoctorGuideViewTest.guideWindow();
        assertEquals("用户指南 — MPS 控制台", Waits.fx(guide::getTitle));
        DoctorGuideViewTest.markedHeadingInView(guide, "daemon_count：该 GPU 恰好有一个存活的受管守护进程");
        List<String> runs = DoctorGuideViewTest.runs(guide);
        assertTrue(runs.contains("修复…"), "the Fix… button by its Chinese label");
        assertTrue(runs.contains("启动守护进程…"), "the Start daemon… button by its Chinese label");
        assertFalse(runs.stream().anyMatch(r -> r.contains("Fix…") || r.contains("Start daemon…")), "no English button name");
        robot.interact(guide::hide);
    }
}
