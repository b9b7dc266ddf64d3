package dev.cumps.app.hosts;

import dev.cumps.app.i18n.Messages;
import dev.cumps.app.ui.dialog.Confirmation;
import dev.cumps.app.ui.dialog.DialogKeys;
import javafx.scene.control.Alert;
import javafx.scene.control.ButtonBar;
import javafx.scene.control.ButtonType;
import javafx.scene.control.Label;

/**
 * A destructive confirmation of the Hosts page (stop, new limits; Enter and Escape cancel): pane
 * {@code id + "Confirmation"}, buttons {@code "confirm" + Id} and {@code "cancel" + Id}. Shown with
 * {@link dev.cumps.app.ui.dialog.Dialogs#confirm}, so it is owned by the window, centred on it and modeless
 * to the window manager, as the overview's stop confirmation.
 */
final class HostConfirmation extends Alert implements Confirmation {

    private final ButtonType yes;

    HostConfirmation(String id, String title, String header, Label body, ButtonType yes, Messages messages) {
        super(AlertType.CONFIRMATION);
        this.yes = yes;
        setTitle(title);
        setHeaderText(header);
        body.setWrapText(true);
        getDialogPane().setContent(body);
        getDialogPane().setId(id + "Confirmation");
        ButtonType no = new ButtonType(messages.get("main.cancel"), ButtonBar.ButtonData.CANCEL_CLOSE);
        getButtonTypes().setAll(yes, no);
        String suffix = Character.toUpperCase(id.charAt(0)) + id.substring(1);
        getDialogPane().lookupButton(yes).setId("confirm" + suffix);
        getDialogPane().lookupButton(no).setId("cancel" + suffix);
        DialogKeys.destructive(this, yes, no);
    }

    /** Whether the dialog was closed with its action button. */
    @Override
    public boolean confirmed() {
        return getResult() == yes;
    }
}
