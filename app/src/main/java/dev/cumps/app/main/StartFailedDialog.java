package dev.cumps.app.main;

import dev.cumps.app.i18n.Messages;
import javafx.scene.control.Alert;
import javafx.scene.control.Label;
import javafx.scene.control.TextArea;
import javafx.scene.layout.VBox;

/** A start that failed: the core's reason, and the tail of control.log when the daemon left one. */
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
            VBox box = new VBox(6, new Label(messages.get("start.failed.log")), log);
            getDialogPane().setExpandableContent(box);
            getDialogPane().setExpanded(true);
        }
        getDialogPane().setId("startFailed");
    }
}
