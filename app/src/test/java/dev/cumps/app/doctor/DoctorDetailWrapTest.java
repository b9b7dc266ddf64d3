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
import javafx.scene.shape.MoveTo;
import javafx.scene.shape.PathElement;
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

    /** The words (runs between spaces and slashes) of the body that are drawn on two lines at {@code width}. */
    private List<String> wordsSplit(FxRobot robot, DoctorRow row, double width, String id, Locale locale) {
        List<String> found = new ArrayList<>();
        List<String> all = lines(robot, row, width, id, locale);
        for (int i = 0; i + 1 < all.size(); i++) {
            String end = all.get(i);
            String next = all.get(i + 1);
            boolean midWord = !end.isEmpty() && !next.isEmpty() && Character.isLetterOrDigit(end.charAt(end.length() - 1))
                    && Character.isLetterOrDigit(next.charAt(0));
            if (midWord) {
                found.add(width + ": " + end + " | " + next);
            }
        }
        return found;
    }

    /** The lines the body label draws at {@code width}, without zero-width characters. */
    private List<String> lines(FxRobot robot, DoctorRow row, double width, String id, Locale locale) {
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
            Text text = (Text) label.lookup(".text");
            String s = text.getText();
            List<String> lines = new ArrayList<>();
            StringBuilder line = new StringBuilder();
            double y = Double.NaN;
            for (int i = 0; i < s.length(); i++) {
                PathElement[] caret = text.caretShape(i, true);
                double at = caretY(caret);
                if (!Double.isNaN(y) && Math.abs(at - y) > 1) {
                    lines.add(clean(line.toString()));
                    line.setLength(0);
                }
                y = at;
                line.append(s.charAt(i));
            }
            lines.add(clean(line.toString()));
            assertTrue(lines.size() >= 1);
            return lines;
        });
    }

    private static double caretY(PathElement[] caret) {
        if (caret[0] instanceof MoveTo move) {
            return move.getY();
        }
        return Double.NaN;
    }

    private static String clean(String line) {
        return line.replace("\u200A", "");
    }

}
