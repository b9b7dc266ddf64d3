package dev.cumps.app.ui;

import dev.cumps.app.i18n.Messages;
import java.util.Objects;
import javafx.scene.control.Alert;
import javafx.scene.control.TextArea;

/**
 * Shows an {@link ErrorReport} in an alert: the summary as the text, the stack trace in the
 * collapsed "Details" area. At most one is open at a time; errors arriving meanwhile are only
 * logged (by {@link ErrorReporter}), so a failing refresh cannot bury the window in dialogs.
 */
public final class ErrorDialog {

    private final Messages messages;
    private Alert open;

    public ErrorDialog(Messages messages) {
        this.messages = Objects.requireNonNull(messages, "messages");
    }

    /** Call on the FX thread. Non-blocking: {@code showAndWait} is illegal during layout or animation. */
    public void show(ErrorReport report) {
        if (open != null && open.isShowing()) {
            return;
        }
        open = create(report, messages);
        Dialogs.own(open, Dialogs.activeWindow().orElse(null));
        open.show();
    }

    static Alert create(ErrorReport report, Messages messages) {
        Alert alert = new Alert(Alert.AlertType.ERROR);
        alert.setTitle(messages.get("error.title"));
        alert.setHeaderText(messages.get("error.header"));
        alert.setContentText(report.summary());
        TextArea details = new TextArea(report.details());
        details.setEditable(false);
        details.setWrapText(false);
        details.getStyleClass().add("error-details");
        details.setAccessibleText(messages.get("error.details"));
        alert.getDialogPane().setExpandableContent(details);
        alert.getDialogPane().setExpanded(false);
        return alert;
    }
}
