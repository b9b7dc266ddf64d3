package dev.cumps.app.doctor;

import dev.cumps.app.i18n.Messages;
import javafx.event.ActionEvent;
import javafx.scene.control.Button;
import javafx.scene.control.ButtonBar;
import javafx.scene.control.ButtonType;
import javafx.scene.control.Dialog;
import javafx.scene.control.Label;
import javafx.scene.control.TextArea;
import javafx.scene.layout.Priority;
import javafx.scene.layout.VBox;

/**
 * The Guide button's dialog: one check's troubleshooting entry from the user guide (as written),
 * where it is, Open guide (the whole guide in the desktop's viewer; the dialog stays open and says
 * how that went) and Close, the default button.
 */
public final class GuideDialog extends Dialog<Void> {

    public GuideDialog(String check, DoctorGuide.Entry entry, DoctorGuide guide, Messages messages) {
        setTitle(messages.get("doctor.guide.title", check));
        setHeaderText(check);
        TextArea text = new TextArea(entry.text());
        text.setId("guideEntry");
        text.setEditable(false);
        text.setWrapText(true);
        text.setPrefRowCount(16);
        text.setPrefColumnCount(72);
        VBox.setVgrow(text, Priority.ALWAYS);
        Label location = new Label(entry.location());
        location.setId("guideLocation");
        location.setWrapText(true);
        Label outcome = new Label();
        outcome.setId("guideOpenOutcome");
        outcome.setWrapText(true);
        outcome.textProperty().bind(guide.openOutcomeProperty());
        getDialogPane().setContent(new VBox(6, text, location, outcome));

        ButtonType open = new ButtonType(messages.get("doctor.guide.open"), ButtonBar.ButtonData.LEFT);
        ButtonType close = new ButtonType(messages.get("doctor.guide.close"), ButtonBar.ButtonData.CANCEL_CLOSE);
        getDialogPane().getButtonTypes().setAll(open, close);
        Button openButton = (Button) getDialogPane().lookupButton(open);
        openButton.setId("guideOpen");
        openButton.setDisable(!entry.openable());
        // Open guide does not close the dialog: the entry stays in view while the viewer starts.
        openButton.addEventFilter(ActionEvent.ACTION, event -> {
            event.consume();
            guide.open();
        });
        Button closeButton = (Button) getDialogPane().lookupButton(close);
        closeButton.setId("guideClose");
        closeButton.setDefaultButton(true);
        getDialogPane().setId("guideDialog");
    }
}
