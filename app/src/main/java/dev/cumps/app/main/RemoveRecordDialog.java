package dev.cumps.app.main;

import dev.cumps.app.i18n.Messages;
import javafx.scene.control.Alert;
import javafx.scene.control.ButtonBar;
import javafx.scene.control.ButtonType;

/** The confirmation before a stale or unreadable record is moved aside. */
public final class RemoveRecordDialog extends Alert {

    private final ButtonType remove;

    public RemoveRecordDialog(DaemonRow row, Messages messages) {
        super(AlertType.CONFIRMATION);
        setTitle(messages.get("remove.title"));
        setHeaderText(messages.get("remove.header", row.name(), row.stateText()));
        setContentText(messages.get("remove.content"));
        remove = new ButtonType(messages.get("main.remove"), ButtonBar.ButtonData.OK_DONE);
        getButtonTypes().setAll(remove, new ButtonType(messages.get("main.cancel"), ButtonBar.ButtonData.CANCEL_CLOSE));
        getDialogPane().setId("removeConfirmation");
    }

    /** Whether the dialog was closed with Remove. */
    public boolean confirmed() {
        return getResult() == remove;
    }
}
