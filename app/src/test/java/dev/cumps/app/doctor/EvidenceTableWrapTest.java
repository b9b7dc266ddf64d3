package dev.cumps.app.doctor;

import static org.junit.jupiter.api.Assertions.assertEquals;

import dev.cumps.app.Waits;
import dev.cumps.app.i18n.Messages;
import dev.cumps.app.ui.style.Severity;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Optional;
import javafx.collections.FXCollections;
import javafx.scene.Node;
import javafx.scene.Scene;
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
 * Review 2026-12-06 L-8, in the doctor's evidence table as well as its detail pane: an observed path and a
 * remedy naming one wrap after the path's slashes, never inside a name ({@code …/pipe/con} | {@code trol}), at
 * table widths with five columns and with the evidence stacked under the check.
 */
@ExtendWith(ApplicationExtension.class)
class EvidenceTableWrapTest {

    private static final String PATH = "/tmp/csim-b1n1iz/rt/uni-cumps-0/old-job-long-name/pipe/control";
    private StackPane root;

    @Start
    void start(Stage stage) {
        root = new StackPane();
        stage.setScene(new Scene(root, 1100, 500));
        stage.show();
    }

    @Test
    void pathsInTheTableBreakAtTheirSlashesAtEveryWidth(FxRobot robot) {
        DoctorRow row = new DoctorRow("orphans", Severity.WARN, "Warning", "no orphaned control sockets of yours",
                PATH + " (nothing listens)", "a control socket only where a daemon serves it",
                "remove " + PATH + " by hand", Optional.empty());
        List<String> split = new ArrayList<>();
        for (double width = 480; width <= 1060; width += 20) {
            split.addAll(wordsSplit(robot, row, width));
        }
        assertEquals(List.of(), split, "words split across lines");
    }

    private List<String> wordsSplit(FxRobot robot, DoctorRow row, double width) {
        robot.interact(() -> {
            EvidenceTable table = new EvidenceTable(FXCollections.observableArrayList(row), Messages.forLocale(Locale.ENGLISH),
                    r -> { });
            table.setMaxWidth(width);
            table.setPrefWidth(width);
            root.getChildren().setAll(table);
        });
        WaitForAsyncUtils.waitForFxEvents();
        Waits.onFx("the table's cells show the path at " + width, () -> !withPath().isEmpty());
        return Waits.fx(() -> {
            List<String> found = new ArrayList<>();
            for (Text text : withPath()) {
                found.addAll(WrappedLines.wordsSplit(width + " px", WrappedLines.of(text)));
            }
            return found;
        });
    }

    /** The wrapped texts on screen that draw the path (both evidence columns, or the stacked lines). */
    private List<Text> withPath() {
        List<Text> texts = new ArrayList<>();
        for (Node node : root.lookupAll("Text")) {
            if (node instanceof Text text && text.isVisible() && text.getScene() != null && text.getWrappingWidth() > 0
                    && text.getText().replace("\u200A", "").contains(PATH)) {
                texts.add(text);
            }
        }
        return texts;
    }
}
