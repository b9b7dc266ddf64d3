package dev.cumps.app.doctor;

import static org.junit.jupiter.api.Assertions.assertEquals;

import dev.cumps.app.Waits;
import dev.cumps.app.i18n.Messages;
import dev.cumps.app.ui.LineBreaks;
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
 * table widths with five columns and with the evidence stacked under the check; a Chinese remedy never starts a
 * line with the ellipsis of the action it names ("移除失效记录" | "…”的做法相同").
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
            split.addAll(wordsSplit(robot, row, width, PATH));
        }
        assertEquals(List.of(), split, "words split across lines");
    }

    @Test
    void longFileNamesUuidsAndVariablesBreakAfterAHyphenOrUnderscoreNotInsideAWord(FxRobot robot) {
        String pidFile = "/tmp/csim-b1n1iz/rt/uni-cumps-0/old-job/pipe/nvidia-cuda-mps-control.pid names pid 20209";
        String selector = "--gpus GPU-5f0c1a2e-0000-4000-8000-000000000000 -> single_gpu on GPU-5f0c1a2e-0000-4000-8000-000000000000";
        String visible = "CUDA_VISIBLE_DEVICES=(unset) leaves 2 GPU(s) visible";
        DoctorRow row = new DoctorRow("pid_files", Severity.WARN, "Warning", "no stale pid files in your pipe directories", pidFile,
                selector, visible, Optional.empty());
        List<String> split = new ArrayList<>();
        for (double width = 480; width <= 1060; width += 20) {
            split.addAll(wordsSplit(robot, row, width, pidFile, selector, visible));
        }
        assertEquals(List.of(), split, "words split across lines");
    }

    @Test
    void aChineseRemedyNeverStartsALineWithItsEllipsis(FxRobot robot) {
        Messages chinese = Messages.forLocale(Locale.SIMPLIFIED_CHINESE);
        String remedy = chinese.get("window.doctor.STALE_RECORDS_REMEDY"); // 点击“修复…”把它们移到一旁（与“移除失效记录…”的做法相同）
        DoctorRow row = new DoctorRow("stale-records", Severity.WARN, "警告", "没有你的失效记录", "1 条失效记录：old-job",
                "没有失效记录", remedy, Optional.empty());
        List<String> badStarts = new ArrayList<>();
        for (double width = 420; width <= 1060; width += 12) {
            show(robot, row, width, chinese, remedy);
            double at = width;
            badStarts.addAll(Waits.fx(() -> {
                List<String> found = new ArrayList<>();
                for (Text text : drawing(remedy)) {
                    for (String line : WrappedLines.of(text)) {
                        if (line.startsWith("\u2026") || line.startsWith("\u00B7")) {
                            found.add(at + " px: " + WrappedLines.of(text));
                        }
                    }
                }
                return found;
            }));
        }
        assertEquals(List.of(), badStarts, "lines that start with an ellipsis");
    }

    /** Shows {@code row} in an evidence table {@code width} wide, in {@code messages}' language, once its cells draw each of {@code values}. */
    private void show(FxRobot robot, DoctorRow row, double width, Messages messages, String... values) {
        robot.interact(() -> {
            EvidenceTable table = new EvidenceTable(FXCollections.observableArrayList(row), messages, r -> { });
            table.setMaxWidth(width);
            table.setPrefWidth(width);
            root.getChildren().setAll(table);
        });
        WaitForAsyncUtils.waitForFxEvents();
        for (String value : values) {
            Waits.onFx("the table's cells show " + value + " at " + width, () -> !drawing(value).isEmpty());
        }
    }

    /** The words split across lines where the English table {@code width} wide draws {@code values}. */
    private List<String> wordsSplit(FxRobot robot, DoctorRow row, double width, String... values) {
        show(robot, row, width, Messages.forLocale(Locale.ENGLISH), values);
        return Waits.fx(() -> {
            List<String> found = new ArrayList<>();
            for (String value : values) {
                for (Text text : drawing(value)) {
                    found.addAll(WrappedLines.wordsSplit(width + " px", WrappedLines.of(text)));
                }
            }
            return found;
        });
    }

    /** The wrapped texts on screen that draw {@code value}. */
    private List<Text> drawing(String value) {
        List<Text> texts = new ArrayList<>();
        for (Node node : root.lookupAll("Text")) {
            if (node instanceof Text text && text.isVisible() && text.getScene() != null && text.getWrappingWidth() > 0
                    && LineBreaks.original(text.getText()).contains(value)) {
                texts.add(text);
            }
        }
        return texts;
    }
}
