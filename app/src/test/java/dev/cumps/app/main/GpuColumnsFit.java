package dev.cumps.app.main;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.cumps.app.ConsoleExtension;
import dev.cumps.app.SimulatedConsole;
import dev.cumps.app.Waits;
import dev.cumps.app.WindowFixture;
import dev.cumps.app.ui.table.FullTextCell;
import dev.cumps.core.mps.MpsLimits;
import java.util.List;
import java.util.OptionalInt;
import java.util.OptionalLong;
import java.util.Set;
import javafx.geometry.Orientation;
import javafx.scene.Node;
import javafx.scene.control.Labeled;
import javafx.scene.control.ScrollBar;
import javafx.scene.control.TableColumnBase;
import javafx.scene.control.TableView;
import javafx.scene.input.KeyCode;
import javafx.scene.text.Text;
import org.testfx.api.FxRobot;

/**
 * The check behind {@link GpuColumnsFitChineseTest} and {@link GpuColumnsFitEnglishTest}: in the
 * window at its default 1280 px, the GPUs table's short values (name, compute mode, MIG, visible, daemons)
 * and their titles are shown whole, not cut with an ellipsis, and the table needs no horizontal scroll bar;
 * the daemons table's MPS limits are whole too (review L-19).
 */
final class GpuColumnsFit {

    private GpuColumnsFit() {
    }

    static void shortValuesAreShownWhole(ConsoleExtension console, FxRobot robot, Set<String> titles, String limitsTitle) throws Exception {
        // Two records on GPU 0, a stale one and a live one, as in the --simulate demo (whose
        // "demo, old-job" ran past the table's right edge); the Daemon column names the live one only.
        SimulatedConsole.kill(console.host().start("old-job", 0));
        console.host().start("fit", 0, new MpsLimits(OptionalInt.of(50), OptionalLong.of(8192)));
        robot.type(KeyCode.F5);
        WindowFixture.waitUntil(() -> console.window().viewModel().gpus().size() == 2
                && console.window().viewModel().gpus().get(0).daemons().equals("fit"));
        assertEquals(1280, Waits.fx(() -> console.window().scene().getWindow().getWidth()), "the default window width");

        Waits.onFx("the GPU cells of " + titles + " filled", () -> cells(robot, titles).size() == 2 * titles.size() - 1);
        // Layout settles over a few pulses: wait for it, then report what is cut, if anything.
        try {
            Waits.onFx("no cut GPU cell", () -> cut(robot, titles).isEmpty() && cutTitles(robot, titles).isEmpty());
        } catch (AssertionError e) {
            throw new AssertionError("cut cells " + Waits.fx(() -> cut(robot, titles)) + ", cut titles "
                    + Waits.fx(() -> cutTitles(robot, titles)) + "; " + Waits.fx(() -> widths(robot)), e);
        }
        assertTrue(Waits.fx(() -> cells(robot, titles).stream().noneMatch(c -> c.getTooltip() != null)), "no cell needs a tooltip");
        // The daemons table's MPS limits ("50 %…" at 1280 px, review L-19) has room too.
        Waits.onFx("the daemon's limits filled", () -> cells(robot, "#daemonsTable", Set.of(limitsTitle)).stream()
                .anyMatch(c -> c.getText().contains("50")));
        try {
            Waits.onFx("the daemon's limits whole", () -> cut(robot, "#daemonsTable", Set.of(limitsTitle)).isEmpty());
        } catch (AssertionError e) {
            throw new AssertionError("cut " + Waits.fx(() -> cut(robot, "#daemonsTable", Set.of(limitsTitle))), e);
        }
        // A column pushed past the table's edge is clipped, not ellipsed: every column must end inside the table.
        try {
            Waits.onFx("every GPU column inside the table", () -> overflow(robot) <= 0.5);
        } catch (AssertionError e) {
            throw new AssertionError("the GPU columns reach " + Waits.fx(() -> overflow(robot)) + " px past the table: "
                    + Waits.fx(() -> widths(robot)), e);
        }
        assertFalse(Waits.fx(() -> robot.lookup("#gpusTable .scroll-bar").queryAllAs(ScrollBar.class).stream()
                .anyMatch(b -> b.getOrientation() == Orientation.HORIZONTAL && b.isVisible())), "no horizontal scroll bar");
    }

    /** How far the GPU columns reach past the table's content area (vertical scroll bar excluded), in pixels. */
    private static double overflow(FxRobot robot) {
        TableView<?> table = robot.lookup("#gpusTable").queryAs(TableView.class);
        double columns = table.getVisibleLeafColumns().stream().mapToDouble(TableColumnBase::getWidth).sum();
        double scrollBar = robot.lookup("#gpusTable .scroll-bar").queryAllAs(ScrollBar.class).stream()
                .filter(b -> b.getOrientation() == Orientation.VERTICAL && b.isVisible())
                .mapToDouble(ScrollBar::getWidth).sum();
        double room = table.getWidth() - table.snappedLeftInset() - table.snappedRightInset() - scrollBar;
        return columns - room;
    }

    private static String widths(FxRobot robot) {
        TableView<?> table = robot.lookup("#gpusTable").queryAs(TableView.class);
        return "table " + table.getWidth() + ", columns " + table.getVisibleLeafColumns().stream()
                .map(c -> c.getText() + "=" + c.getWidth() + " (min " + c.getMinWidth() + ")").toList();
    }

    private static List<FullTextCell<?>> cells(FxRobot robot, Set<String> titles) {
        return cells(robot, "#gpusTable", titles);
    }

    private static List<FullTextCell<?>> cells(FxRobot robot, String table, Set<String> titles) {
        return robot.lookup(table + " .full-text-cell").queryAllAs(FullTextCell.class).stream()
                .filter(c -> !c.isEmpty() && c.getText() != null && !c.getText().isEmpty() && c.isVisible())
                .filter(c -> c.getTableColumn() != null && titles.contains(c.getTableColumn().getText()))
                .<FullTextCell<?>>map(c -> c).toList();
    }

    private static List<String> cut(FxRobot robot, Set<String> titles) {
        return cut(robot, "#gpusTable", titles);
    }

    private static List<String> cut(FxRobot robot, String table, Set<String> titles) {
        return cells(robot, table, titles).stream().filter(FullTextCell::isCut)
                .map(c -> c.getTableColumn().getText() + ": " + c.getText() + " shown as " + shown(c)).toList();
    }

    private static List<String> cutTitles(FxRobot robot, Set<String> titles) {
        return robot.lookup("#gpusTable .column-header .label").queryAllAs(Labeled.class).stream()
                .filter(l -> titles.contains(l.getText()) && !l.getText().equals(shown(l)))
                .map(l -> l.getText() + " shown as " + shown(l)).toList();
    }

    private static String shown(Labeled labeled) {
        for (Node child : labeled.getChildrenUnmodifiable()) {
            if (child instanceof Text text) {
                return text.getText();
            }
        }
        return "";
    }
}
