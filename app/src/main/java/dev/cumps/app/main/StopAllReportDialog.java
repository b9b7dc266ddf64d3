package dev.cumps.app.main;

import dev.cumps.app.i18n.Messages;
import dev.cumps.app.ui.dialog.DialogKeys;
import dev.cumps.app.ui.style.Severity;
import java.util.List;
import javafx.scene.control.Alert;
import javafx.scene.control.ButtonBar;
import javafx.scene.control.ButtonType;
import javafx.scene.control.Label;
import javafx.scene.layout.VBox;

/** What stop all did: one line per record, coloured by its outcome. */
public final class StopAllReportDialog extends Alert {

    public StopAllReportDialog(List<StopAllLine> outcomes, Messages messages) {
        super(AlertType.INFORMATION);
        setTitle(messages.get("stop.all.title"));
        setHeaderText(messages.get("stop.all.outcomes"));
        VBox lines = new VBox(4);
        lines.setId("stopAllOutcomes");
        for (StopAllLine outcome : outcomes) {
            Label line = new Label(outcome.text());
            line.setWrapText(true);
            Severity.apply(line, outcome.severity());
            lines.getChildren().add(line);
        }
        if (outcomes.isEmpty()) {
            lines.getChildren().add(new Label(messages.get("stop.all.nothing")));
        }
        getDialogPane().setContent(lines);
        getDialogPane().setId("stopAllReport");
        ButtonType close = new ButtonType(messages.get("main.close"), ButtonBar.ButtonData.OK_DONE);
        getButtonTypes().setAll(close);
        DialogKeys.message(this, close);
    }
}
