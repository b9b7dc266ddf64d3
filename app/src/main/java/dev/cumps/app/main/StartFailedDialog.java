package dev.cumps.app.main;

import dev.cumps.app.i18n.Messages;
import javafx.scene.control.Alert;
import javafx.scene.control.Label;
import javafx.scene.control.TextArea;
import javafx.scene.layout.VBox;

/**
 * A start that failed: the core's reason, and the tail of control.log when the daemon left one.
 * The log is part of the content, always shown, rather than JavaFX's expandable content: that
 * comes with a "Show/Hide Details" link in the JVM's language, not the window's.
 */
public final class StartFailedDialog extends Alert {

    public StartFailedDialog(StartProblem problem, Messages messages) {
        super(AlertType.ERROR);
        setTitle(messages.get("start.failed.title"));
        setHeaderText(messages.get("start.failed.header"));
        setContentText(problem.message());
        if (!problem.controlLogTail().isEmpty()) {
            TextArea log = new TextArea(String.join("\n", problem.controlLogTail()));
            log.setEditable(false);
            log.getStyleClass().add("error-details");
            log.setId("startControlLog");
            Label reason = new Label(problem.message());
            reason.setWrapText(true);
            reason.setId("startFailedReason");
            VBox box = new VBox(6, reason, new Label(messages.get("start.failed.log")), log);
            // The content text stays the reason (read by accessibility and tests); the box shows it.
            getDialogPane().setContent(box);
        }
        getDialogPane().setId("startFailed");
    }
}
