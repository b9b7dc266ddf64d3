package dev.cumps.app.window;

import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.cumps.app.ConsoleExtension;
import dev.cumps.app.Waits;
import java.util.Locale;
import javafx.scene.Node;
import javafx.scene.control.SplitPane;
import javafx.stage.Stage;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.testfx.api.FxRobot;

/**
 * The main window's divider between the tables and the lower tabs: neither side collapses, not when
 * the window is made very small and not after it grows again (the old window, un-maximised by a
 * dialog to 480×320 and maximised again, showed the tabs at 0 px).
 */
class MainWindowLayoutTest {

    /** console.css: {@code .main-view .split-pane .sections} and {@code #panes} minimum heights. */
    private static final double MIN_TABLES = 140;
    private static final double MIN_PANES = 120;

    @RegisterExtension
    final ConsoleExtension console = ConsoleExtension.showing(Locale.ENGLISH);

    @Test
    void neitherSideOfTheDividerCollapsesWhenTheWindowShrinksAndGrowsAgain(FxRobot robot) {
        Stage stage = console.stage();
        SplitPane split = robot.lookup(".main-view .split-pane").queryAs(SplitPane.class);
        Node tables = split.getItems().get(0);
        Node tabs = split.getItems().get(1);

        robot.interact(() -> {
            // As small as the old window could get (the application's own minimum is larger).
            stage.setMinWidth(0);
            stage.setMinHeight(0);
            stage.setWidth(480);
            stage.setHeight(320);
        });
        Waits.onFx("the window laid out at 480x320", () -> stage.getHeight() == 320 && !split.isNeedsLayout());
        robot.interact(() -> {
            stage.setWidth(1280);
            stage.setHeight(820);
        });
        Waits.onFx("the window laid out at 1280x820", () -> stage.getHeight() == 820 && split.getHeight() > 500
                && !split.isNeedsLayout());

        double tablesHeight = Waits.fx(() -> tables.getLayoutBounds().getHeight());
        double tabsHeight = Waits.fx(() -> tabs.getLayoutBounds().getHeight());
        assertTrue(tabsHeight >= MIN_PANES, "the tabs keep their minimum: " + tabsHeight);
        assertTrue(tablesHeight >= MIN_TABLES, "the tables keep their minimum: " + tablesHeight);

        robot.interact(() -> split.setDividerPositions(0.999));
        Waits.onFx("the divider dragged to the bottom", () -> !split.isNeedsLayout());
        double dragged = Waits.fx(() -> tabs.getLayoutBounds().getHeight());
        assertTrue(dragged >= MIN_PANES, "a divider dragged down stops at the tabs' minimum: " + dragged);
    }
}
