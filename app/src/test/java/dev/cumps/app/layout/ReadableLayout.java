package dev.cumps.app.layout;

import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.cumps.app.ConsoleExtension;
import dev.cumps.app.SimulatedConsole;
import dev.cumps.app.Waits;
import dev.cumps.app.doctor.DoctorRow;
import dev.cumps.app.ui.LineBreaks;
import dev.cumps.app.ui.style.Severity;
import dev.cumps.sim.SimGpu;
import java.io.IOException;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.Callable;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.atomic.AtomicReference;
import javafx.application.Platform;
import javafx.geometry.Bounds;
import javafx.scene.Node;
import javafx.scene.Parent;
import javafx.scene.control.Button;
import javafx.scene.control.ContentDisplay;
import javafx.scene.control.IndexedCell;
import javafx.scene.control.Label;
import javafx.scene.control.Labeled;
import javafx.scene.control.TableCell;
import javafx.scene.control.TableRow;
import javafx.scene.control.TableView;
import javafx.scene.control.TextField;
import javafx.scene.text.Text;
import javafx.stage.Stage;
import org.testfx.api.FxRobot;

/**
 * What the window shows a reader at the sizes an operator's window takes (1280×820, the default;
 * 1100×700, a size the window saves; 900×600): the doctor page with a failing check present draws
 * every result row whole (status, check, observed, expected, remedy: no ellipsis, nothing clipped,
 * no column cut off or past the table's edge), failures first, the diagnosed GPU named above the
 * table, nothing overlapping, and no button's name cut anywhere on the page or the overview. Shared by the English and Chinese tests,
 * headless, and by the window-manager suite, which runs the same check on the GTK glass under openbox
 * ({@code dev.cumps.wm.LayoutWmTest}) with the window sized by the window manager.
 */
public final class ReadableLayout {

    static final double[][] SIZES = {{1280, 820}, {1100, 700}, {900, 600}};

    /**
     * How the check brings the window to a size, and what it checks beyond the scene graph. Headless
     * ({@link #STAGE}) the stage is simply set to the size; under a window manager the window manager
     * sizes it and the X server's view of the window is checked too.
     */
    public interface Sizing {

        /** Brings {@code stage} to {@code width}×{@code height} (the window's outer size) and returns once it is laid out at it. */
        void resize(FxRobot robot, Stage stage, double width, double height);

        /**
         * After the scene-graph checks at a size: {@code rows} are the doctor rows' status and
         * title cells in screen coordinates; fails when one is not inside what the window shows.
         */
        default void assertOnScreen(String where, Stage stage, List<Bounds> rows) {
        }
    }

    /** The stage set to the size (Monocle has no window manager). */
    public static final Sizing STAGE = ReadableLayout::resize;

    private ReadableLayout() {
    }

    /**
     * Failing checks to read: GPU 1 not ready for MPS (Default compute mode, MIG enabled: two checks
     * fail), and a daemon killed with SIGKILL (its stale record a warning).
     */
    static void prepareFailures(ConsoleExtension console) throws IOException {
        console.host().configure(c -> c.withGpus(List.of(c.gpus().get(0), notReady(c.gpus().get(1)))));
        SimulatedConsole.kill(console.host().start("gone", 0));
    }

    private static SimGpu notReady(SimGpu gpu) {
        return new SimGpu(gpu.uuid(), gpu.name(), gpu.memoryTotalMiB(), "Default", "Enabled");
    }

    /** Runs the doctor in the window for GPU 1, typed in its selector, and waits for its verdict. */
    static void runDoctor(FxRobot robot) {
        robot.clickOn("#doctorNav");
        Waits.onFx("the doctor page", () -> robot.lookup("#doctorCopy").tryQuery().isPresent());
        Button copy = robot.lookup("#doctorCopy").queryButton();
        TextField selector = robot.lookup("#doctorSelector").queryAs(TextField.class);
        robot.interact(selector::clear);
        robot.clickOn(selector).write("1");
        robot.clickOn("#doctorRun");
        Waits.onFx("the doctor run to finish", () -> !copy.isDisabled());
    }

    static void resize(FxRobot robot, Stage stage, double width, double height) {
        robot.interact(() -> {
            stage.setMinWidth(0);
            stage.setMinHeight(0);
            stage.setWidth(width);
            stage.setHeight(height);
        });
        awaitLaidOut(robot, stage, width, height);
    }

    /** Waits until {@code stage} is {@code width}×{@code height} and its scene laid out at that size. */
    public static void awaitLaidOut(FxRobot robot, Stage stage, double width, double height) {
        Waits.onFx("the window laid out at " + width + "x" + height, () -> stage.getWidth() == width
                && stage.getHeight() == height && !stage.getScene().getRoot().isNeedsLayout());
        // One more pulse: the table's rows follow the table's new height in the pass after it.
        robot.interact(() -> { });
    }

    /** The doctor rows' status and title cells as shown now, in screen coordinates. */
    static List<Bounds> doctorCellsOnScreen(FxRobot robot) {
        TableView<?> table = robot.lookup("#doctorTable").queryTableView();
        return Waits.fx(() -> {
            List<Bounds> cells = new ArrayList<>();
            for (int i = 0; i < table.getItems().size(); i++) {
                TableRow<?> shown = shownRow(table, i);
                if (shown != null) {
                    cells.add(screenBounds(cell(shown, 0)));
                    cells.add(screenBounds(cell(shown, 1)));
                }
            }
            return cells;
        });
    }

    private static Bounds screenBounds(Node node) {
        return node.localToScreen(node.getLayoutBounds());
    }

    /**
     * The doctor's run is there (ten rows at least, failures first), and every row of the table
     * {@code selector} is readable where it is drawn, scrolled to in turn: its status, title, observed
     * value, expectation and remedy each drawn whole (no ellipsis, not clipped by its cell, inside the
     * table's view: no column cut off or pushed past the right edge), whether in its own column or
     * under the check in a narrow table.
     */
    static void assertEveryDoctorRowReadable(FxRobot robot, String where) {
        TableView<?> table = robot.lookup("#doctorTable").queryTableView();
        List<String> problems = settle(() -> {
            List<String> found = new ArrayList<>();
            int count = table.getItems().size();
            if (count < 10) {
                found.add("only " + count + " rows: the doctor did not run through");
            }
            List<?> items = table.getItems();
            boolean failing = items.stream().anyMatch(r -> ((DoctorRow) r).severity() == Severity.FAIL);
            if (!failing) {
                found.add("no failing check in the run");
            } else if (((DoctorRow) items.get(0)).severity() != Severity.FAIL) {
                found.add("the first row is not a failure: " + ((DoctorRow) items.get(0)).title());
            }
            return found;
        });
        assertTrue(problems.isEmpty(), where + ": " + String.join("; ", problems));
        assertEvidenceWhole(robot, where, "#doctorTable");
    }

    /** Every row of the evidence table {@code selector} drawn whole, each scrolled into view in turn (see {@link #assertEveryDoctorRowReadable}). */
    public static void assertEvidenceWhole(FxRobot robot, String where, String selector) {
        TableView<?> table = robot.lookup(selector).queryTableView();
        int count = Waits.fx(() -> table.getItems().size());
        // The first row once the window has settled at its size (a layout pass or two after the resize) ...
        robot.interact(() -> table.scrollTo(0));
        List<String> problems = new ArrayList<>(count == 0 ? List.of() : settle(() -> rowProblems(table, 0)));
        // ... then each further row scrolled to: its rows are laid out within a few pulses, counted as they happen (a
        // busy machine runs fewer of them in the same time; an empty FX event round is not a pulse), never by the clock.
        for (int i = 1; i < count; i++) {
            int index = i;
            robot.interact(() -> table.scrollTo(index));
            List<String> rowProblems = List.of();
            for (int pulse = 0; pulse < ROW_PULSES; pulse++) {
                nextPulse(robot, table);
                rowProblems = Waits.fx(() -> rowProblems(table, index));
                if (rowProblems.isEmpty()) {
                    break;
                }
            }
            problems.addAll(rowProblems);
        }
        assertTrue(problems.isEmpty(), where + ": " + problems.size() + " problems: " + String.join("; ", problems));
    }

    /** How many layout pulses a row scrolled into view gets to be drawn whole. */
    private static final int ROW_PULSES = 6;

    /** Returns once the FX toolkit has run one more layout pulse for {@code node}'s scene (asked for, so one comes). */
    private static void nextPulse(FxRobot robot, Node node) {
        CountDownLatch pulsed = new CountDownLatch(1);
        Runnable listener = pulsed::countDown;
        robot.interact(() -> {
            node.getScene().addPostLayoutPulseListener(listener);
            Platform.requestNextPulse();
        });
        try {
            Waits.until("a layout pulse", () -> pulsed.getCount() == 0);
        } finally {
            robot.interact(() -> node.getScene().removePostLayoutPulseListener(listener));
        }
    }

    private static List<String> rowProblems(TableView<?> table, int index) {
        List<String> found = new ArrayList<>();
        DoctorRow row = (DoctorRow) table.getItems().get(index);
        TableRow<?> shown = shownRow(table, index);
        if (shown == null) {
            found.add("row " + index + " (" + row.title() + ") is not drawn after scrolling to it");
            return found;
        }
        Bounds viewport = sceneBounds(table.lookup(".clipped-container"));
        StringBuilder drawn = new StringBuilder();
        List<Text> texts = new ArrayList<>();
        collectTexts(shown, texts);
        for (Text text : texts) {
            if (!drawnNow(text, shown) || text.getText() == null || text.getText().isEmpty()) {
                continue;
            }
            Bounds b = sceneBounds(text);
            TableCell<?, ?> cell = cellOf(text);
            String quoted = "row " + index + " (" + row.title() + "): \"" + text.getText() + "\"";
            if (b.getMaxX() > viewport.getMaxX() + 0.5 || b.getMinX() < viewport.getMinX() - 0.5) {
                found.add(quoted + " runs past the table's view (" + (int) b.getMinX() + ".." + (int) b.getMaxX() + " of "
                        + (int) viewport.getMinX() + ".." + (int) viewport.getMaxX() + ")");
                continue;
            }
            if (cell != null) {
                Bounds c = sceneBounds(cell);
                if (b.getMaxY() > c.getMaxY() + 1 || b.getMaxX() > c.getMaxX() + 1) {
                    found.add(quoted + " is clipped by its cell");
                    continue;
                }
            }
            drawn.append(text.getText()).append('\n');
        }
        String all = normal(drawn.toString());
        for (String part : List.of(row.status(), row.title(), row.observed(), row.expected(), row.remedy())) {
            if (!part.isEmpty() && !all.contains(normal(part))) {
                found.add("row " + index + " (" + row.title() + ") does not show \"" + part + "\" whole; drawn: \"" + all + "\"");
            }
        }
        return found;
    }

    private static void collectTexts(Node node, List<Text> into) {
        if (node instanceof Text text) {
            into.add(text);
        } else if (node instanceof Parent parent) {
            parent.getChildrenUnmodifiable().forEach(child -> collectTexts(child, into));
        }
    }

    /** Visible all the way up to {@code top}. */
    private static boolean drawnNow(Node node, Node top) {
        for (Node n = node; n != null && n != top; n = n.getParent()) {
            if (!n.isVisible()) {
                return false;
            }
        }
        return true;
    }

    private static TableCell<?, ?> cellOf(Node node) {
        for (Node n = node; n != null; n = n.getParent()) {
            if (n instanceof TableCell<?, ?> cell) {
                return cell;
            }
        }
        return null;
    }

    /** White space made one space, and without what the window adds to wrap it (LineBreaks, L-8). */
    private static String normal(String text) {
        return LineBreaks.original(text).replaceAll("\\s+", " ").strip();
    }

    /** The line above the doctor's table names the diagnosed GPU 1 in words: its index, its name, its UUID's telling end. */
    static void assertGpuNamed(FxRobot robot, String where) {
        List<String> problems = settle(() -> {
            Label named = robot.lookup("#doctorGpu").tryQueryAs(Label.class).orElse(null);
            if (named == null || !named.isVisible()) {
                return List.of("no line names the diagnosed GPU");
            }
            String text = named.getText();
            boolean says = text.contains("GPU 1") && text.contains("NVIDIA") && text.endsWith("0001");
            boolean whole = named.isWrapText() || text.equals(shownText(named));
            return says && whole ? List.of() : List.of("the diagnosed GPU reads \"" + shownText(named) + "\" (" + text + ")");
        });
        assertTrue(problems.isEmpty(), where + ": " + String.join("; ", problems));
    }

    /** The nodes {@code ids} lie inside the window and none overlaps another. */
    static void assertNoOverlap(FxRobot robot, String where, String... selectors) {
        List<String> problems = settle(() -> {
            List<String> found = new ArrayList<>();
            List<Bounds> all = new ArrayList<>();
            Parent root = robot.lookup(selectors[0]).query().getScene().getRoot();
            Bounds window = sceneBounds(root);
            for (String selector : selectors) {
                Node node = robot.lookup(selector).query();
                Bounds bounds = sceneBounds(node);
                if (!node.isVisible() || bounds.getWidth() < 1 || bounds.getHeight() < 1) {
                    found.add(selector + " is not shown: " + bounds);
                }
                if (bounds.getMinX() < window.getMinX() - 0.5 || bounds.getMaxX() > window.getMaxX() + 0.5
                        || bounds.getMinY() < window.getMinY() - 0.5 || bounds.getMaxY() > window.getMaxY() + 0.5) {
                    found.add(selector + " runs out of the window: " + bounds + " of " + window);
                }
                for (int i = 0; i < all.size(); i++) {
                    if (overlap(all.get(i), bounds)) {
                        found.add(selector + " overlaps " + selectors[i] + ": " + bounds + " / " + all.get(i));
                    }
                }
                all.add(bounds);
            }
            return found;
        });
        assertTrue(problems.isEmpty(), where + ": " + String.join("; ", problems));
    }

    /** Every button, toggle and label under {@code selector} shows its name whole, or its icon only with the name as tooltip. */
    static void assertNoNameCut(FxRobot robot, String where, String selector) {
        List<String> problems = settle(() -> {
            List<String> found = new ArrayList<>();
            collectCut(robot.lookup(selector).query(), found);
            return found;
        });
        assertTrue(problems.isEmpty(), where + ": names cut: " + String.join("; ", problems));
    }

    /** Every column header of the table {@code selector} shows its title whole (the constrained columns may shrink a column, never below its title). */
    static void assertHeadersWhole(FxRobot robot, String where, String selector) {
        List<String> problems = settle(() -> {
            List<String> found = new ArrayList<>();
            for (Node header : robot.lookup(selector).query().lookupAll(".column-header .label")) {
                Labeled title = (Labeled) header;
                if (title.getText() != null && !title.getText().isEmpty() && !title.getText().equals(shownText(title))) {
                    found.add("\"" + title.getText() + "\" shown as \"" + shownText(title) + "\"");
                }
            }
            return found;
        });
        assertTrue(problems.isEmpty(), where + ": column titles cut: " + String.join("; ", problems));
    }

    /** The buttons {@code ids} show their names, not their icons only. */
    public static void assertNamesShown(FxRobot robot, String where, String... ids) {
        List<String> problems = settle(() -> {
            List<String> found = new ArrayList<>();
            for (String id : ids) {
                Labeled button = robot.lookup(id).queryAs(Labeled.class);
                if (button.getContentDisplay() == ContentDisplay.GRAPHIC_ONLY || !button.getText().equals(shownText(button))) {
                    found.add(id + " shows \"" + shownText(button) + "\" (" + button.getContentDisplay() + ")");
                }
            }
            return found;
        });
        assertTrue(problems.isEmpty(), where + ": " + String.join("; ", problems));
    }

    private static void collectCut(Node node, List<String> found) {
        if (!node.isVisible()) {
            return;
        }
        if (node instanceof Labeled labeled && !(node instanceof IndexedCell<?>) && labeled.getText() != null
                && !labeled.getText().isEmpty() && !labeled.isWrapText()) {
            if (labeled.getContentDisplay() == ContentDisplay.GRAPHIC_ONLY) {
                if (labeled.getTooltip() == null || labeled.getTooltip().getText().isEmpty()) {
                    found.add(labeled.getText() + " (icon only, without a tooltip)");
                }
            } else if (!labeled.getText().equals(shownText(labeled))) {
                found.add("\"" + labeled.getText() + "\" shown as \"" + shownText(labeled) + "\"");
            }
            return;
        }
        if (node instanceof Parent parent && !(node instanceof TableView<?>)) {
            parent.getChildrenUnmodifiable().forEach(child -> collectCut(child, found));
        }
    }

    /**
     * The problems {@code check} finds once the window has settled: checked on the FX thread until it
     * finds none (a column widened to its text, a toolbar switched to icons, take a layout pass or two)
     * or the deadline passes; then the last problems found.
     */
    private static List<String> settle(Callable<List<String>> check) {
        AtomicReference<List<String>> last = new AtomicReference<>(List.of());
        try {
            Waits.onFx("the window to settle", () -> {
                last.set(check.call());
                return last.get().isEmpty();
            });
        } catch (AssertionError gaveUp) {
            // The assertion below names what is still wrong.
        }
        return last.get();
    }

    private static boolean overlap(Bounds a, Bounds b) {
        return a.getMinX() < b.getMaxX() - 0.5 && b.getMinX() < a.getMaxX() - 0.5
                && a.getMinY() < b.getMaxY() - 0.5 && b.getMinY() < a.getMaxY() - 0.5;
    }

    private static TableRow<?> shownRow(TableView<?> table, int index) {
        for (Node node : table.lookupAll(".table-row-cell")) {
            if (node instanceof TableRow<?> row && row.getIndex() == index && !row.isEmpty() && row.isVisible()) {
                return row;
            }
        }
        return null;
    }

    private static TableCell<?, ?> cell(TableRow<?> row, int column) {
        List<TableCell<?, ?>> cells = new ArrayList<>();
        for (Node child : row.getChildrenUnmodifiable()) {
            if (child instanceof TableCell<?, ?> cell) {
                cells.add(cell);
            }
        }
        cells.sort((a, b) -> Double.compare(a.getLayoutX(), b.getLayoutX()));
        return cells.get(column);
    }

    /** The text drawn on screen (the skin's, with any ellipsis), not the control's own. */
    static String shownText(Labeled labeled) {
        for (Node child : labeled.getChildrenUnmodifiable()) {
            // The skin's text node (style class "text"), not an icon (Ikonli's icons are Text nodes too).
            if (child instanceof Text text && child.getStyleClass().contains("text")) {
                return text.getText();
            }
        }
        return "";
    }

    private static Bounds sceneBounds(Node node) {
        return node.localToScene(node.getLayoutBounds());
    }
}
