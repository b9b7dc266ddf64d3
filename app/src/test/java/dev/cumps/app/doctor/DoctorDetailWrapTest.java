package dev.cumps.app.doctor;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.cumps.app.Waits;
import dev.cumps.app.i18n.Messages;
import dev.cumps.app.ui.style.Severity;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Optional;
import javafx.scene.Scene;
import javafx.scene.control.Label;
import javafx.scene.layout.StackPane;
import javafx.scene.text.Text;
import javafx.stage.Stage;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.testfx.api.FxRobot;
import org.testfx.framework.junit5.ApplicationExtension;
import org.testfx.framework.junit5.Start;
import org.testfx.util.WaitForAsyncUtils;

/**
 * Review 2026-12-06 L-8: the doctor's detail pane wraps a long path at its {@code /} boundaries, not inside a
 * word ({@code …/pipe/con} | {@code trol}), at every width the pane can have.
 */
@ExtendWith(ApplicationExtension.class)
class DoctorDetailWrapTest {

    private static final String PATH = "/tmp/uni-cumps-1000/train-long-name/pipe/control";
    private StackPane root;

    @Start
    void start(Stage stage) {
        root = new StackPane();
        stage.setScene(new Scene(root, 600, 400));
        stage.show();
    }

    @Test
    void aLongPathBreaksAtItsSlashesAtEveryWidth(FxRobot robot) {
        DoctorRow row = new DoctorRow("orphans", Severity.WARN, "WARN", "Orphaned sockets",
                "socket " + PATH + " (nothing listens)", "no socket without a daemon", "click Fix… to remove it", Optional.empty());
        List<String> split = new ArrayList<>();
        for (double width = 120; width <= 420; width += 7) {
            split.addAll(wordsSplit(robot, row, width, "#doctorDetailObserved", Locale.ENGLISH));
        }
        assertEquals(List.of(), split, "words split across lines");
    }

    /** The words of the body that are drawn on two lines at {@code width}. */
    private List<String> wordsSplit(FxRobot robot, DoctorRow row, double width, String id, Locale locale) {
        robot.interact(() -> {
            DoctorDetail detail = new DoctorDetail(Messages.forLocale(locale), r -> { });
            detail.setMaxWidth(width);
            detail.setPrefWidth(width);
            detail.rowProperty().set(row);
            root.getChildren().setAll(detail);
        });
        WaitForAsyncUtils.waitForFxEvents();
        return Waits.fx(() -> {
            Label label = robot.lookup(id).queryAs(Label.class);
            List<String> lines = WrappedLines.of((Text) label.lookup(".text"));
            assertTrue(lines.size() >= 1);
            return WrappedLines.wordsSplit(String.valueOf(width), lines);
        });
    }

}
