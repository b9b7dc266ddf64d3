package dev.cumps.app.main;

import dev.cumps.app.i18n.Messages;
import dev.cumps.app.ui.dialog.Confirmation;
import dev.cumps.app.ui.dialog.DialogKeys;
import javafx.scene.control.Alert;
import javafx.scene.control.ButtonBar;
import javafx.scene.control.ButtonType;

/** The confirmation before a stale or unreadable record is moved aside; Enter and Escape cancel, Remove needs a click or Alt+R. */
public final class RemoveRecordDialog extends Alert implements Confirmation {

    private final ButtonType remove;

    public RemoveRecordDialog(DaemonRow row, Messages messages) {
        super(AlertType.CONFIRMATION);
        setTitle(messages.get("remove.title"));
        setHeaderText(messages.get("remove.header", row.name(), row.stateText()));
        setContentText(messages.get("remove.content"));
        remove = new ButtonType(messages.get("remove.button"), ButtonBar.ButtonData.OTHER);
        ButtonType cancel = new ButtonType(messages.get("main.cancel"), ButtonBar.ButtonData.CANCEL_CLOSE);
        getButtonTypes().setAll(remove, cancel);
        getDialogPane().setId("removeConfirmation");
        getDialogPane().lookupButton(remove).setId("confirmRemove");
        getDialogPane().lookupButton(cancel).setId("cancelRemove");
        DialogKeys.destructive(this, remove, cancel);
    }

    /** Whether the dialog was closed with Remove. */
    @Override
    public boolean confirmed() {
        return getResult() == remove;
    }
}
