package dev.cumps.app.main;

import dev.cumps.app.i18n.Messages;
import dev.cumps.app.ui.ClipboardSink;
import dev.cumps.app.ui.dialog.DetailsArea;
import dev.cumps.app.ui.dialog.DialogKeys;
import javafx.scene.control.Alert;
import javafx.scene.control.ButtonBar;
import javafx.scene.control.ButtonType;
import javafx.scene.control.Label;
import javafx.scene.layout.Region;
import javafx.scene.layout.VBox;

/**
 * A start that failed: the core's reason, and the tail of control.log when the daemon left one, in
 * a selectable, scrollable monospace area with Copy ({@link DetailsArea}), its long lines wrapped (the
 * daemon's error is at the end of a line that holds the whole pipe path). The log is part of the
 * content, always shown, rather than JavaFX's expandable content: that comes with a "Show/Hide
 * Details" link in the JVM's language, not the window's. The dialog sizes to its content; Enter and
 * Escape close it.
 */
public final class StartFailedDialog extends Alert {

    private static final double MAX_TEXT_WIDTH = 720;

    public StartFailedDialog(StartProblem problem, Messages messages, ClipboardSink clipboard) {
        super(AlertType.ERROR);
        setTitle(messages.get("start.failed.title"));
        setHeaderText(messages.get("start.failed.header"));
        setContentText(problem.message());
        Label reason = new Label(problem.message());
        reason.setWrapText(true);
        reason.setId("startFailedReason");
        reason.setMinHeight(Region.USE_PREF_SIZE);
        reason.setMaxWidth(MAX_TEXT_WIDTH); // wraps there instead of widening the dialog without end
        VBox box = new VBox(6, reason);
        if (!problem.controlLogTail().isEmpty()) {
            box.getChildren().addAll(new Label(messages.get("start.failed.log")),
                    new DetailsArea("startControlLog", String.join("\n", problem.controlLogTail()), messages, clipboard, true));
        }
        // The content text stays the reason (read by accessibility and tests); the box shows it.
        getDialogPane().setContent(box);
        getDialogPane().setId("startFailed");
        getDialogPane().setMinHeight(Region.USE_PREF_SIZE);
        getDialogPane().setMinWidth(Region.USE_PREF_SIZE);
        ButtonType close = new ButtonType(messages.get("main.close"), ButtonBar.ButtonData.OK_DONE);
        getButtonTypes().setAll(close);
        DialogKeys.message(this, close);
    }
}
