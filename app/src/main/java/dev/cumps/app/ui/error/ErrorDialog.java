package dev.cumps.app.ui.error;

import dev.cumps.app.i18n.Messages;
import dev.cumps.app.ui.ClipboardSink;
import dev.cumps.app.ui.dialog.DetailsArea;
import dev.cumps.app.ui.dialog.DialogKeys;
import dev.cumps.app.ui.dialog.Dialogs;
import java.util.Objects;
import javafx.scene.control.Alert;
import javafx.scene.control.ButtonBar;
import javafx.scene.control.ButtonType;
import javafx.scene.control.Label;
import javafx.scene.control.ToggleButton;
import javafx.scene.layout.Region;
import javafx.scene.layout.VBox;

/**
 * Shows an {@link ErrorReport} in an alert: the summary as the text, the stack trace behind the
 * window's own "Show details" toggle (JavaFX's expandable content names its link in the JVM's
 * language, not the window's) in a {@link DetailsArea} with Copy. The dialog sizes to its content.
 * At most one is open at a time; errors arriving meanwhile are only logged (by
 * {@link ErrorReporter}), so a failing refresh cannot bury the window in dialogs.
 */
public final class ErrorDialog {

    private final Messages messages;
    private final ClipboardSink clipboard;
    private Alert open;

    public ErrorDialog(Messages messages) {
        this(messages, ClipboardSink.system());
    }

    public ErrorDialog(Messages messages, ClipboardSink clipboard) {
        this.messages = Objects.requireNonNull(messages, "messages");
        this.clipboard = Objects.requireNonNull(clipboard, "clipboard");
    }

    /** Call on the FX thread. Non-blocking: {@code showAndWait} is illegal during layout or animation. */
    public void show(ErrorReport report) {
        if (open != null && open.isShowing()) {
            return;
        }
        open = create(report, messages, clipboard);
        Dialogs.inform(open, Dialogs.activeWindow().orElse(null));
    }

    static Alert create(ErrorReport report, Messages messages) {
        return create(report, messages, ClipboardSink.system());
    }

    static Alert create(ErrorReport report, Messages messages, ClipboardSink clipboard) {
        Alert alert = new Alert(Alert.AlertType.ERROR);
        alert.setTitle(messages.get("error.title"));
        alert.setHeaderText(messages.get("error.header"));
        alert.setContentText(report.summary());
        Label summary = new Label(report.summary());
        summary.setId("errorSummary");
        summary.setWrapText(true);
        summary.setMinHeight(Region.USE_PREF_SIZE);
        DetailsArea details = new DetailsArea("errorDetails", report.details(), messages, clipboard);
        details.area().setAccessibleText(messages.get("error.details"));
        details.managedProperty().bind(details.visibleProperty());
        details.setVisible(false);
        ToggleButton toggle = new ToggleButton(messages.get("error.details.show"));
        toggle.setId("errorDetailsToggle");
        toggle.selectedProperty().addListener((obs, was, shown) -> {
            details.setVisible(shown);
            toggle.setText(messages.get(shown ? "error.details.hide" : "error.details.show"));
            if (alert.getDialogPane().getScene() != null && alert.getDialogPane().getScene().getWindow() != null) {
                alert.getDialogPane().getScene().getWindow().sizeToScene();
            }
        });
        VBox content = new VBox(8, summary, toggle, details);
        content.setMaxWidth(Double.MAX_VALUE);
        alert.getDialogPane().setContent(content);
        alert.getDialogPane().setId("errorDialog");
        alert.getDialogPane().setMinHeight(Region.USE_PREF_SIZE);
        alert.getDialogPane().setMinWidth(Region.USE_PREF_SIZE);
        ButtonType close = new ButtonType(messages.get("main.close"), ButtonBar.ButtonData.OK_DONE);
        alert.getButtonTypes().setAll(close);
        DialogKeys.message(alert, close);
        return alert;
    }
}
