package dev.cumps.app.ui.table;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.cumps.app.Waits;
import java.util.List;
import javafx.beans.property.ReadOnlyStringWrapper;
import javafx.collections.FXCollections;
import javafx.scene.Scene;
import javafx.scene.control.OverrunStyle;
import javafx.scene.control.TableColumn;
import javafx.scene.control.TableView;
import javafx.stage.Stage;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.testfx.api.FxRobot;
import org.testfx.framework.junit5.ApplicationExtension;
import org.testfx.framework.junit5.Start;

/**
 * {@link FullTextCell#widening}: a short value (a daemon's age, a mode) in a column set too narrow
 * for it is shown whole, its column growing to fit, and the plain long-text column beside it gives
 * way (cut in the middle, whole in its tooltip).
 */
@ExtendWith(ApplicationExtension.class)
class FullTextCellTest {

    private static final String PATH = "/tmp/a-rather-long-folder-name/uni-cumps-0/gpu-5f0c1a2e-0000-4000-8000/pipe";
    private static final String AGE = "12 min 30 s";

    private TableView<List<String>> table;

    @Start
    void start(Stage stage) {
        table = new TableView<>(FXCollections.observableArrayList(List.<List<String>>of(List.of(PATH, AGE))));
        TableColumn<List<String>, String> path = new TableColumn<>("Pipe directory");
        path.setCellValueFactory(c -> new ReadOnlyStringWrapper(c.getValue().get(0)));
        path.setCellFactory(c -> new FullTextCell<>(OverrunStyle.CENTER_ELLIPSIS));
        path.setPrefWidth(330);
        TableColumn<List<String>, String> age = new TableColumn<>("Age");
        age.setCellValueFactory(c -> new ReadOnlyStringWrapper(c.getValue().get(1)));
        age.setCellFactory(c -> FullTextCell.widening(OverrunStyle.CENTER_ELLIPSIS));
        age.setPrefWidth(30);
        table.getColumns().add(path);
        table.getColumns().add(age);
        table.setColumnResizePolicy(TableView.CONSTRAINED_RESIZE_POLICY_FLEX_LAST_COLUMN);
        stage.setScene(new Scene(table, 360, 200));
        stage.show();
    }

    @Test
    void aWideningColumnShowsItsValueWholeAndTheLongTextGivesWay(FxRobot robot) {
        // The column widens on the first layout; later pulses lay the table out again: wait for the cells to settle.
        Waits.onFx("the age cell shown whole", () -> cell(robot, AGE) != null && !cell(robot, AGE).isCut());
        FullTextCell<?> ageCell = Waits.fx(() -> cell(robot, AGE));
        FullTextCell<?> pathCell = Waits.fx(() -> cell(robot, PATH));

        assertFalse(ageCell.isCut(), "the age is shown whole");
        assertTrue(table.getColumns().get(1).getWidth() > 30, "its column grew: " + table.getColumns().get(1).getWidth());
        assertTrue(pathCell.isCut(), "the path gave way");
        assertEquals(PATH, Waits.fx(() -> pathCell.getTooltip().getText()), "and is whole in its tooltip");
    }

    private static FullTextCell<?> cell(FxRobot robot, String text) {
        return robot.lookup(".full-text-cell").queryAllAs(FullTextCell.class).stream()
                .filter(c -> !c.isEmpty() && text.equals(c.getText())).findFirst().orElse(null);
    }
}
