package dev.cumps.app.main;

import dev.cumps.app.i18n.Messages;
import dev.cumps.app.ui.dialog.Confirmation;
import dev.cumps.app.ui.dialog.DialogKeys;
import javafx.scene.control.Alert;
import javafx.scene.control.ButtonBar;
import javafx.scene.control.ButtonType;

/**
 * The stop-all confirmation: the header counts the live daemons of the last refresh (the ones that
 * get signalled); the list names them, then the stale and unreadable records that are only cleaned.
 * Enter and Escape cancel; Stop all needs a click or Alt+A.
 */
public final class StopAllDialog extends Alert implements Confirmation {

    private final ButtonType stop;

    public StopAllDialog(StopAllPreview preview, Messages messages) {
        super(AlertType.CONFIRMATION);
        setTitle(messages.get("stop.all.title"));
        setHeaderText(messages.get("stop.all.header", preview.live()));
        setContentText(String.join("\n", preview.lines()));
        stop = new ButtonType(messages.get("stop.all.button"), ButtonBar.ButtonData.OTHER);
        ButtonType cancel = new ButtonType(messages.get("main.cancel"), ButtonBar.ButtonData.CANCEL_CLOSE);
        getButtonTypes().setAll(stop, cancel);
        getDialogPane().setId("stopAllConfirmation");
        getDialogPane().lookupButton(stop).setId("confirmStopAll");
        getDialogPane().lookupButton(cancel).setId("cancelStopAll");
        DialogKeys.destructive(this, stop, cancel);
    }

    /** Whether the dialog was closed with Stop all. */
    @Override
    public boolean confirmed() {
        return getResult() == stop;
    }
}
