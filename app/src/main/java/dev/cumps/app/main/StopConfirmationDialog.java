package dev.cumps.app.main;

import dev.cumps.app.i18n.Messages;
import dev.cumps.app.ui.dialog.Confirmation;
import dev.cumps.app.ui.dialog.DialogKeys;
import dev.cumps.app.ui.style.ConsoleStyles;
import dev.cumps.app.ui.style.Severity;
import javafx.scene.control.Alert;
import javafx.scene.control.ButtonBar;
import javafx.scene.control.ButtonType;
import javafx.scene.control.Label;
import javafx.scene.layout.GridPane;
import javafx.scene.layout.VBox;

/**
 * The stop confirmation (Enter and Escape cancel; Stop needs a click or Alt+S): what identifies the recorded daemon (pid and recorded start time next
 * to the start time {@code /proc} reports now, GPU, pipe directory). The core checks the identity
 * again when it stops; this only lets the operator see it first.
 */
public final class StopConfirmationDialog extends Alert implements Confirmation {

    private final ButtonType confirm;

    public StopConfirmationDialog(StopViewModel stop, Messages messages) {
        super(AlertType.CONFIRMATION);
        StopViewModel.Evidence e = stop.evidence();
        setTitle(messages.get("stop.title"));
        setHeaderText(messages.get("stop.header", e.name()));
        GridPane grid = new GridPane();
        grid.setHgap(12);
        grid.setVgap(6);
        grid.setId("stopEvidence");
        int row = 0;
        row = evidence(grid, row, messages.get("stop.evidence.pid"), Long.toString(e.pid()), "evidencePid");
        row = evidence(grid, row, messages.get("stop.evidence.recorded"), Long.toString(e.recordedStartTicks()), "evidenceRecorded");
        Label current = new Label(stop.currentStartTicksText());
        current.setId("evidenceCurrent");
        Severity.apply(current, e.matches() ? Severity.PASS : Severity.FAIL);
        grid.addRow(row++, name(messages.get("stop.evidence.current")), current);
        row = evidence(grid, row, messages.get("stop.evidence.gpu"), e.gpu(), "evidenceGpu");
        evidence(grid, row, messages.get("stop.evidence.pipe"), e.pipeDirectory(), "evidencePipe");
        Label verdict = new Label(messages.get(e.matches() ? "stop.evidence.matches" : "stop.evidence.differs"));
        verdict.setId("evidenceVerdict");
        verdict.setWrapText(true);
        Severity.apply(verdict, e.matches() ? Severity.PASS : Severity.WARN);
        Label recheck = new Label(messages.get("stop.evidence.recheck"));
        recheck.setWrapText(true);
        recheck.getStyleClass().add(ConsoleStyles.MUTED);
        VBox content = new VBox(10, grid, verdict, recheck);
        content.setMaxWidth(640);
        getDialogPane().setContent(content);
        getDialogPane().setId("stopConfirmation");
        confirm = new ButtonType(messages.get("stop.button"), ButtonBar.ButtonData.OTHER);
        ButtonType cancel = new ButtonType(messages.get("main.cancel"), ButtonBar.ButtonData.CANCEL_CLOSE);
        getButtonTypes().setAll(confirm, cancel);
        getDialogPane().lookupButton(confirm).setId("confirmStop");
        getDialogPane().lookupButton(cancel).setId("cancelStop");
        DialogKeys.destructive(this, confirm, cancel);
    }

    /** Whether the dialog was closed with Stop daemon. */
    @Override
    public boolean confirmed() {
        return getResult() == confirm;
    }

    private static int evidence(GridPane grid, int row, String name, String value, String id) {
        Label v = new Label(value);
        v.setId(id);
        grid.addRow(row, name(name), v);
        return row + 1;
    }

    private static Label name(String text) {
        Label label = new Label(text);
        label.getStyleClass().add(ConsoleStyles.EVIDENCE_NAME);
        return label;
    }
}
