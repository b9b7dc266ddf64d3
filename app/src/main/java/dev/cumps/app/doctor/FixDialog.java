package dev.cumps.app.doctor;

import dev.cumps.app.i18n.Messages;
import dev.cumps.app.ui.dialog.Confirmation;
import java.util.List;
import javafx.scene.control.Alert;
import javafx.scene.control.Button;
import javafx.scene.control.ButtonBar;
import javafx.scene.control.ButtonType;
import javafx.scene.control.TextArea;
import javafx.scene.layout.Region;

/**
 * The confirmation behind the doctor pane's Fix… button: exactly what will be done (the core's
 * dry-run text, one line per fix) and Apply or Cancel; Cancel is the default button, so Enter
 * changes nothing.
 */
public final class FixDialog extends Alert implements Confirmation {

    /** The area's width in columns; each fix's line wraps to it. */
    static final int COLUMNS = 60;
    /** The most rows the area asks for; a longer plan scrolls. */
    static final int MAX_ROWS = 20;

    private final ButtonType apply;

    public FixDialog(String check, List<String> dryRun, Messages messages) {
        super(AlertType.CONFIRMATION);
        setTitle(messages.get("doctor.fix.title"));
        setHeaderText(messages.get("doctor.fix.header", check, dryRun.size()));
        TextArea text = new TextArea(String.join("\n", dryRun.stream().map(line -> "• " + line).toList()));
        text.setId("fixDryRun");
        text.setEditable(false);
        text.setWrapText(true);
        // As many rows as the wrapped lines take (one spare for words that break early), so that a
        // few fixes with long paths show whole, without a scroll bar.
        int rows = dryRun.stream().mapToInt(line -> ("• " + line).length() / (COLUMNS - 6) + 1).sum() + 1;
        text.setPrefRowCount(Math.min(MAX_ROWS, Math.max(3, rows)));
        text.setPrefColumnCount(COLUMNS);
        text.setMinHeight(Region.USE_PREF_SIZE);
        getDialogPane().setContent(text);
        apply = new ButtonType(messages.get("doctor.fix.apply"), ButtonBar.ButtonData.OK_DONE);
        ButtonType cancel = new ButtonType(messages.get("doctor.fix.cancel"), ButtonBar.ButtonData.CANCEL_CLOSE);
        getButtonTypes().setAll(apply, cancel);
        ((Button) getDialogPane().lookupButton(apply)).setDefaultButton(false);
        ((Button) getDialogPane().lookupButton(apply)).setId("fixApply");
        ((Button) getDialogPane().lookupButton(cancel)).setDefaultButton(true);
        ((Button) getDialogPane().lookupButton(cancel)).setId("fixCancel");
        getDialogPane().setId("fixConfirmation");
    }

    /** Whether the dialog was closed with Apply. */
    @Override
    public boolean confirmed() {
        return getResult() == apply;
    }
}
