package dev.cumps.app.theme;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.cumps.app.Waits;
import dev.cumps.app.main.PageRail;
import dev.cumps.app.ui.DisabledReason;
import dev.cumps.app.ui.style.ConsoleStylesheet;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.function.Supplier;
import javafx.application.Application;
import javafx.beans.property.SimpleBooleanProperty;
import javafx.beans.property.SimpleStringProperty;
import javafx.collections.FXCollections;
import javafx.geometry.Bounds;
import javafx.geometry.Rectangle2D;
import javafx.scene.Node;
import javafx.scene.Parent;
import javafx.scene.Scene;
import javafx.scene.SnapshotParameters;
import javafx.scene.control.Button;
import javafx.scene.control.CheckBox;
import javafx.scene.control.ChoiceBox;
import javafx.scene.control.ComboBox;
import javafx.scene.control.Control;
import javafx.scene.control.Hyperlink;
import javafx.scene.control.ListView;
import javafx.scene.control.RadioButton;
import javafx.scene.control.TableColumn;
import javafx.scene.control.TableView;
import javafx.scene.control.TextArea;
import javafx.scene.control.TextField;
import javafx.scene.control.ToggleButton;
import javafx.scene.control.TreeItem;
import javafx.scene.control.TreeTableColumn;
import javafx.scene.control.TreeTableView;
import javafx.scene.image.PixelReader;
import javafx.scene.image.WritableImage;
import javafx.scene.layout.VBox;
import javafx.scene.paint.Color;
import javafx.stage.Stage;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.kordamp.ikonli.feather.Feather;
import org.testfx.api.FxRobot;
import org.testfx.framework.junit5.ApplicationExtension;
import org.testfx.framework.junit5.Start;
import org.testfx.util.WaitForAsyncUtils;

/**
 * The keyboard's place is visible on every kind of control the window has in both themes (WCAG 2.4.11
 * and 1.4.11: buttons, a disabled button's reason, toggles, radio buttons, check boxes, text fields and areas, the interval's choice
 * box, the env format's combo box, the Guide hyperlinks, tables, the clients' tree table, lists, the rail):
 * each control is rendered unfocused and focused (the same node at the same size, the focus moved
 * to it from a text field beside it) and the focused picture must differ in a ring's worth of
 * pixels whose colour has at least 3:1 contrast with the same pixels unfocused.
 */
@ExtendWith(ApplicationExtension.class)
class FocusRingTest {

    private Stage stage;

    @Start
    void start(Stage primary) {
        stage = primary;
    }

    @AfterEach
    void backToLight(FxRobot robot) {
        robot.interact(() -> Application.setUserAgentStylesheet(Appearance.LIGHT.userAgentStylesheet()));
    }

    /** The controls, each made fresh per theme. */
    private static Map<String, Supplier<Node>> controls() {
        Map<String, Supplier<Node>> all = new LinkedHashMap<>();
        all.put("button", () -> new Button("Stop daemon…"));
        all.put("toggle button", () -> new ToggleButton("Pause"));
        all.put("radio button", () -> new RadioButton("GPU 0"));
        all.put("check box", () -> new CheckBox("Wrap lines"));
        all.put("text field", () -> new TextField("gpu0"));
        all.put("text area", () -> {
            TextArea area = new TextArea("CUDA_MPS_PIPE_DIRECTORY=/tmp/mps-a\nCUDA_MPS_LOG_DIRECTORY=/tmp/mps-a/log");
            area.setPrefSize(300, 80);
            return area;
        });
        all.put("choice box", () -> {
            ChoiceBox<String> choice = new ChoiceBox<>(FXCollections.observableArrayList("2 s", "5 s", "10 s"));
            choice.setValue("5 s");
            return choice;
        });
        all.put("combo box", () -> {
            ComboBox<String> combo = new ComboBox<>(FXCollections.observableArrayList("sh", "fish", "json"));
            combo.setValue("sh");
            return combo;
        });
        all.put("hyperlink", () -> new Hyperlink("Guide"));
        // A disabled button takes no focus; its wrapper does, to show the reason (review 2026-12-06 L-25).
        all.put("disabled button's reason", () -> {
            Button stop = new Button("Stop daemon…");
            stop.setDisable(true);
            return DisabledReason.wrap(stop, new DisabledReason.Why(new SimpleBooleanProperty(true), "Select a daemon first"));
        });
        all.put("table", FocusRingTest::table);
        all.put("tree table", FocusRingTest::treeTable);
        all.put("list view", () -> {
            ListView<String> list = new ListView<>(FXCollections.observableArrayList("alpha", "beta", "gamma"));
            list.setPrefSize(240, 110);
            return list;
        });
        all.put("navigation rail item", () -> {
            PageRail rail = new PageRail(List.of(new PageRail.Page("overview", "Overview", Feather.SERVER, new VBox()),
                    new PageRail.Page("doctor", "Doctor", Feather.ACTIVITY, new VBox())));
            return rail.rail();
        });
        return all;
    }

    private static TableView<String> table() {
        TableView<String> table = new TableView<>(FXCollections.observableArrayList("gpu0", "gpu1", "gpu2"));
        TableColumn<String, String> name = new TableColumn<>("Name");
        name.setCellValueFactory(row -> new SimpleStringProperty(row.getValue()));
        name.setPrefWidth(200);
        table.getColumns().add(name);
        table.setPrefSize(240, 130);
        return table;
    }

    private static TreeTableView<String> treeTable() {
        TreeItem<String> root = new TreeItem<>("daemon mps-a");
        root.getChildren().addAll(List.of(new TreeItem<>("client 4711"), new TreeItem<>("client 4712")));
        root.setExpanded(true);
        TreeTableView<String> tree = new TreeTableView<>(root);
        TreeTableColumn<String, String> name = new TreeTableColumn<>("Client");
        name.setCellValueFactory(row -> new SimpleStringProperty(row.getValue().getValue()));
        name.setPrefWidth(200);
        tree.getColumns().add(name);
        tree.setPrefSize(240, 130);
        return tree;
    }

    @Test
    void everyControlShowsAFocusRingOfThreeToOneInLightAndDark(FxRobot robot) {
        List<String> failures = new ArrayList<>();
        for (Appearance appearance : Appearance.values()) {
            for (Map.Entry<String, Supplier<Node>> control : controls().entrySet()) {
                String verdict = measure(robot, appearance, control.getKey(), control.getValue());
                if (!verdict.isEmpty()) {
                    failures.add(verdict);
                }
            }
        }
        assertEquals(List.of(), failures);
    }

    @Test
    void theFocusedRowOfAFocusedTableOrTreeTableIsMarked(FxRobot robot) {
        for (Appearance appearance : Appearance.values()) {
            TableView<String> table = Waits.fx(FocusRingTest::table);
            assertRowMarked(robot, appearance, "table", table, () -> table.getFocusModel().focus(1));
            TreeTableView<String> tree = Waits.fx(FocusRingTest::treeTable);
            assertRowMarked(robot, appearance, "tree table", tree, () -> tree.getFocusModel().focus(1));
        }
    }

    /** With {@code control} focused, moving the row focus by {@code move} marks a row with a ring of 3:1 contrast. */
    private void assertRowMarked(FxRobot robot, Appearance appearance, String name, Control control, Runnable move) {
        Parent root = scene(robot, appearance, control);
        robot.interact(control::requestFocus);
        Waits.onFx(name + " focused", control::isFocused);
        WaitForAsyncUtils.waitForFxEvents();
        WritableImage before = snapshot(robot, control);
        robot.interact(move);
        WaitForAsyncUtils.waitForFxEvents();
        WritableImage after = snapshot(robot, control);
        int[] counted = ring(before, after);
        assertTrue(counted[1] >= 240, appearance + " " + name + ": the focused row is marked with 3:1 contrast in " + counted[1]
                + " pixels (" + counted[0] + " changed)");
        assertTrue(root.getScene() != null);
    }

    /** Empty when {@code name} shows a ring in {@code appearance}, else what is wrong. */
    private String measure(FxRobot robot, Appearance appearance, String name, Supplier<Node> make) {
        Node made = Waits.fx(make::get);
        Node control = made instanceof VBox rail && rail.getStyleClass().contains("page-rail") ? rail.getChildren().get(0) : made;
        scene(robot, appearance, made);
        WritableImage unfocused = snapshot(robot, control);
        robot.interact(control::requestFocus);
        Waits.onFx(name + " focused", control::isFocused);
        WaitForAsyncUtils.waitForFxEvents();
        WritableImage focused = snapshot(robot, control);
        if (unfocused.getWidth() != focused.getWidth() || unfocused.getHeight() != focused.getHeight()) {
            return appearance + " " + name + ": the size changed with the focus (" + unfocused.getWidth() + "x" + unfocused.getHeight()
                    + " to " + focused.getWidth() + "x" + focused.getHeight() + ")";
        }
        int[] counted = ring(unfocused, focused);
        // The ring marks the control, or for a radio button and a check box their round or square mark.
        Node marked = Waits.fx(() -> Optional.ofNullable(control.lookup(".radio")).or(() -> Optional.ofNullable(control.lookup(".box")))
                .orElse(control));
        double perimeter = Waits.fx(() -> marked.getLayoutBounds().getWidth() + marked.getLayoutBounds().getHeight());
        if (counted[1] < perimeter) {
            return appearance + " " + name + ": " + counted[1] + " pixels of 3:1 contrast changed with the focus (" + counted[0]
                    + " changed), fewer than " + (int) perimeter;
        }
        return "";
    }

    /** Shows {@code content} beside a text field that has the focus, in {@code appearance}; returns the scene's root. */
    private Parent scene(FxRobot robot, Appearance appearance, Node content) {
        TextField elsewhere = Waits.fx(() -> new TextField("elsewhere"));
        VBox root = Waits.fx(() -> new VBox(16, elsewhere, content));
        robot.interact(() -> {
            Application.setUserAgentStylesheet(appearance.userAgentStylesheet());
            root.pseudoClassStateChanged(ThemeSwitch.DARK, appearance == Appearance.DARK);
            Scene scene = new Scene(root, 420, 360);
            ConsoleStylesheet.applyTo(scene);
            stage.setScene(scene);
            stage.show();
            stage.toFront();
            elsewhere.requestFocus();
        });
        Waits.onFx("the field beside to have the focus", elsewhere::isFocused);
        WaitForAsyncUtils.waitForFxEvents();
        return root;
    }

    /** {@code node}'s layout area and a margin of 4 px around it (where a ring outside the control is drawn). */
    private static WritableImage snapshot(FxRobot robot, Node node) {
        return Waits.fx(() -> {
            Bounds area = node.localToParent(node.getLayoutBounds());
            SnapshotParameters around = new SnapshotParameters();
            around.setViewport(new Rectangle2D(area.getMinX() - 4, area.getMinY() - 4, area.getWidth() + 8, area.getHeight() + 8));
            return node.snapshot(around, null);
        });
    }

    /** How many pixels changed, and how many of them changed to a colour of at least 3:1 contrast with the unfocused one. */
    static int[] ring(WritableImage unfocused, WritableImage focused) {
        PixelReader a = unfocused.getPixelReader();
        PixelReader b = focused.getPixelReader();
        int changed = 0;
        int contrasting = 0;
        for (int y = 0; y < (int) unfocused.getHeight(); y++) {
            for (int x = 0; x < (int) unfocused.getWidth(); x++) {
                Color before = a.getColor(x, y);
                Color after = b.getColor(x, y);
                if (!before.equals(after)) {
                    changed++;
                    if (ThemeWindowTest.contrast(before, after) >= 3.0) {
                        contrasting++;
                    }
                }
            }
        }
        return new int[] {changed, contrasting};
    }
}
