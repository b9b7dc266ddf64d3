package dev.cumps.app.window;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.cumps.app.ConsoleExtension;
import dev.cumps.app.Waits;
import dev.cumps.app.main.Notice;
import dev.cumps.app.main.NoticeBanner;
import dev.cumps.app.ui.style.Severity;
import java.util.Locale;
import javafx.geometry.Bounds;
import javafx.scene.Node;
import javafx.scene.control.Label;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.testfx.api.FxRobot;

/**
 * Review 2026-12-06 M-10: the notice row above the tables pushed the toolbar and the tables down 28 px while it
 * showed, then let them jump back, so a click aimed at Stop daemon… landed on the GPU table. The toolbar and the
 * GPU table stay where they are before, while and after a notice shows (a short one and a long one, which wraps),
 * and the notice covers neither the toolbar nor the GPU table's header.
 */
class NoticeKeepsThePageStillTest {

    @RegisterExtension
    final ConsoleExtension console = ConsoleExtension.showing(Locale.ENGLISH).guarded();

    private Bounds bounds(FxRobot robot, String id) {
        return Waits.fx(() -> {
            Node node = robot.lookup(id).query();
            return node.localToScene(node.getLayoutBounds());
        });
    }

    private double y(FxRobot robot, String id) {
        return Waits.fx(() -> {
            Node node = robot.lookup(id).query();
            Bounds b = node.localToScene(node.getLayoutBounds());
            return b.getMinY();
        });
    }

    /** Lays the window out now, as the next pulse would. */
    private void layOut(FxRobot robot) {
        robot.interact(() -> {
            console.window().scene().getRoot().applyCss();
            console.window().scene().getRoot().layout();
        });
    }

    @Test
    void aNoticeNeverMovesTheToolbarOrTheTables(FxRobot robot) {
        robot.clickOn("#refreshButton");
        double stop = y(robot, "#stopButton");
        double gpus = y(robot, "#gpusTable");
        NoticeBanner banner = robot.lookup("#notifications").queryAs(NoticeBanner.class);
        String longer = "Started daemon 'train' on GPU 0 (NVIDIA H100 80GB HBM3, GPU-5f0c1a2e-0000-4000-8000-000000000000): "
                .repeat(4);
        for (String text : new String[] {"Started daemon 'train'", longer}) {
            robot.interact(() -> console.window().viewModel().showNotice(new Notice(Severity.PASS, text)));
            Waits.onFx("the notice shown", () -> banner.isShowing() && robot.lookup("#notificationText").queryAs(Label.class).isVisible());
            layOut(robot);
            assertEquals(stop, y(robot, "#stopButton"), 0.5, "the toolbar stays while '" + text.substring(0, 20) + "…' shows");
            assertEquals(gpus, y(robot, "#gpusTable"), 0.5, "the GPU table stays");
            assertEquals(text, Waits.fx(() -> robot.lookup("#notificationText").queryAs(Label.class).getText()), "the notice whole");
            Bounds notice = bounds(robot, "#notifications");
            assertTrue(notice.getHeight() > 0 && notice.getMinY() > bounds(robot, "#stopButton").getMaxY(), "never over the toolbar");
        }
        Node header = Waits.fx(() -> robot.lookup("#gpusTable").query().lookup(".column-header-background"));
        assertTrue(Waits.fx(() -> !banner.localToScene(banner.getLayoutBounds()).intersects(header.localToScene(header.getLayoutBounds()))),
                "the notice never covers the GPU table's header");
        Waits.onFx("the notice hidden after its time", () -> !banner.isShowing());
        layOut(robot);
        assertEquals(stop, y(robot, "#stopButton"), 0.5, "the toolbar stays when the notice goes");
        assertEquals(gpus, y(robot, "#gpusTable"), 0.5);
    }
}
