package dev.cumps.app.main;

import dev.cumps.app.i18n.Messages;
import dev.cumps.app.ui.dialog.DialogKeys;
import dev.cumps.app.ui.style.Severity;
import javafx.scene.control.Alert;
import javafx.scene.control.ButtonBar;
import javafx.scene.control.ButtonType;

/** A stop that did not stop (stale, unreadable, failed) says so in a dialog, not only in passing. */
public final class StopOutcomeDialog extends Alert {

    public StopOutcomeDialog(Notice notice, Messages messages) {
        super(notice.severity() == Severity.FAIL ? AlertType.ERROR : AlertType.WARNING);
        setTitle(messages.get("stop.title"));
        setHeaderText(null);
        setContentText(notice.text());
        getDialogPane().setId("stopOutcome");
        ButtonType close = new ButtonType(messages.get("main.close"), ButtonBar.ButtonData.OK_DONE);
        getButtonTypes().setAll(close);
        DialogKeys.message(this, close);
    }
}
