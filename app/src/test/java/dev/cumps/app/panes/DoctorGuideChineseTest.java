package dev.cumps.app.panes;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.cumps.app.PaneExtension;
import dev.cumps.app.Waits;
import dev.cumps.app.doctor.DoctorView;
import java.util.Locale;
import javafx.scene.control.Hyperlink;
import javafx.scene.control.TextArea;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.testfx.api.FxRobot;

/**
 * The Guide link in Chinese, in a console started without the launcher (no {@code -Dcumps.guide}):
 * the link reads 指南, the dialog says in Chinese where the entry is in the sources, and Open guide
 * is disabled (there is no file to open).
 */
class DoctorGuideChineseTest {
    @RegisterExtension
    final PaneExtension pane = PaneExtension.in(Locale.SIMPLIFIED_CHINESE).size(1200, 700)
            .showing(p -> new DoctorView(p.viewModels().doctor()));

    @Test
    void withoutAGuideTheDialogNamesTheEntryInTheSourcesAndCannotOpenIt(FxRobot robot) {
        DoctorGuideViewTest.runFor(robot, "0");
        Hyperlink link = DoctorGuideViewTest.guideLink(robot, "daemon_count").orElseThrow();
        assertEquals("指南", link.getText());

        robot.clickOn(link);
        Waits.onFx("the guide dialog", () -> robot.lookup("#guideEntry").tryQuery().isPresent());
        String text = Waits.fx(() -> robot.lookup("#guideEntry").queryAs(TextArea.class).getText());
        assertEquals("此控制台启动时未找到用户指南（由 mps-console 启动脚本传入）。该条目位于 MPS Console 源码中的 docs/guide.md#daemon-count。", text);
        assertTrue(Waits.fx(() -> robot.lookup("#guideOpen").queryButton().isDisabled()), "no file to open");
        robot.clickOn("#guideClose");
        Waits.onFx("the dialog to close", () -> robot.lookup("#guideEntry").tryQuery().isEmpty());
    }
}
