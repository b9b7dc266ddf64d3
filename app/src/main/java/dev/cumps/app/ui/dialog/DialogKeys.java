package dev.cumps.app.ui.dialog;

import javafx.scene.Node;
import javafx.scene.control.Button;
import javafx.scene.control.ButtonType;
import javafx.scene.control.CheckBox;
import javafx.scene.control.Dialog;
import javafx.scene.control.DialogEvent;
import javafx.scene.control.ToggleButton;
import javafx.scene.input.KeyCode;
import javafx.scene.input.KeyEvent;

/**
 * Which button of a dialog Enter and Escape press, one rule per kind of dialog (placement and
 * sizing on the window manager are not decided here):
 * <ul>
 * <li>a form ({@link #form}): its primary action is the default button, so Enter presses it only
 *     while it is enabled (the form is valid), also while a radio button or check box has the focus; the first field has the focus, so Enter never lands
 *     on Cancel; Escape cancels;</li>
 * <li>a destructive confirmation ({@link #destructive}): Cancel is the default button and has the
 *     focus, so Enter cancels; the destructive button is pressed only by a click, Space or its
 *     Alt mnemonic, never by Enter, even when it has the focus; Escape cancels;</li>
 * <li>a message ({@link #message}): its one button has the focus and closes it on Enter and on
 *     Escape.</li>
 * </ul>
 */
public final class DialogKeys {

    private DialogKeys() {
    }

    /** A form whose {@code primary} button Enter presses while enabled; {@code firstField} gets the focus. */
    public static void form(Dialog<?> dialog, ButtonType primary, ButtonType cancel, Node firstField) {
        Button ok = button(dialog, primary);
        Button no = button(dialog, cancel);
        ok.setDefaultButton(true);
        ok.setCancelButton(false);
        no.setDefaultButton(false);
        no.setCancelButton(true);
        dialog.addEventHandler(DialogEvent.DIALOG_SHOWN, event -> firstField.requestFocus());
        // A focused radio button or check box takes Enter for itself and the default button never sees
        // it; in a form Enter means the primary action wherever the focus is (while it is enabled).
        dialog.getDialogPane().addEventFilter(KeyEvent.KEY_PRESSED, event -> {
            if (event.getCode() == KeyCode.ENTER && !event.isShortcutDown() && (event.getTarget() instanceof ToggleButton
                    || event.getTarget() instanceof CheckBox)) {
                event.consume();
                if (!ok.isDisabled()) {
                    ok.fire();
                }
            }
        });
    }

    /** A confirmation whose {@code destructive} button Enter never presses; Enter and Escape cancel. */
    public static void destructive(Dialog<?> dialog, ButtonType destructive, ButtonType cancel) {
        Button act = button(dialog, destructive);
        Button no = button(dialog, cancel);
        act.setDefaultButton(false);
        act.setCancelButton(false);
        act.addEventFilter(KeyEvent.ANY, event -> {
            if (event.getCode() == KeyCode.ENTER) {
                event.consume(); // a focused button would take Enter as a press on most platforms
            }
        });
        no.setDefaultButton(true);
        no.setCancelButton(true);
        dialog.addEventHandler(DialogEvent.DIALOG_SHOWN, event -> no.requestFocus());
    }

    /** A message with one button, pressed by Enter and by Escape. */
    public static void message(Dialog<?> dialog, ButtonType close) {
        Button button = button(dialog, close);
        button.setDefaultButton(true);
        button.setCancelButton(true);
        dialog.addEventHandler(DialogEvent.DIALOG_SHOWN, event -> button.requestFocus());
    }

    private static Button button(Dialog<?> dialog, ButtonType type) {
        Node node = dialog.getDialogPane().lookupButton(type);
        if (node instanceof Button b) {
            return b;
        }
        throw new IllegalArgumentException("no button " + type.getText() + " in the dialog");
    }
}
