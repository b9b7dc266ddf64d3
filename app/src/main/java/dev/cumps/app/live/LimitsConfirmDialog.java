package dev.cumps.app.live;

import dev.cumps.app.i18n.Messages;
import dev.cumps.app.ui.dialog.Confirmation;
import dev.cumps.app.ui.style.ConsoleStyles;
import javafx.scene.control.Alert;
import javafx.scene.control.Button;
import javafx.scene.control.ButtonBar;
import javafx.scene.control.ButtonType;
import javafx.scene.control.Label;
import javafx.scene.layout.GridPane;
import javafx.scene.layout.VBox;

/**
 * The confirmation before limits are changed: the daemon, and each limit as recorded and as it
 * will be. Cancel is the default button; the core verifies the daemon again when it applies.
 */
public final class LimitsConfirmDialog extends Alert implements Confirmation {

    private final ButtonType confirm;

    public LimitsConfirmDialog(LimitsViewModel.Shown on, LimitsForm form, Messages messages) {
        super(AlertType.CONFIRMATION);
        setTitle(messages.get("limits.confirm.title"));
        setHeaderText(messages.get("limits.confirm.header", on.daemon()));
        GridPane grid = new GridPane();
        grid.setHgap(12);
        grid.setVgap(6);
        grid.addRow(0, new Label(), new Label(messages.get("limits.recorded")), new Label(messages.get("limits.new")));
        grid.addRow(1, new Label(messages.get("limits.percentage")), new Label(on.recordedPercentage()),
                id(new Label(form.percentageText()), "confirmPercentage"));
        grid.addRow(2, new Label(messages.get("limits.pinned")), new Label(on.recordedPinned()),
                id(new Label(form.pinnedText()), "confirmPinned"));
        Label note = new Label(messages.get("limits.confirm.note"));
        note.setWrapText(true);
        note.getStyleClass().add(ConsoleStyles.MUTED);
        VBox content = new VBox(10, grid, note);
        content.setMaxWidth(600);
        getDialogPane().setContent(content);
        getDialogPane().setId("limitsConfirmation");
        confirm = new ButtonType(messages.get("limits.confirm.action"), ButtonBar.ButtonData.OK_DONE);
        ButtonType cancel = new ButtonType(messages.get("main.cancel"), ButtonBar.ButtonData.CANCEL_CLOSE);
        getButtonTypes().setAll(confirm, cancel);
        Button confirmButton = (Button) getDialogPane().lookupButton(confirm);
        confirmButton.setId("confirmLimits");
        confirmButton.setDefaultButton(false);
        Button cancelButton = (Button) getDialogPane().lookupButton(cancel);
        cancelButton.setId("cancelLimits");
        cancelButton.setDefaultButton(true);
    }

    private static Label id(Label label, String id) {
        label.setId(id);
        return label;
    }

    /** Whether the dialog was closed with Apply. */
    @Override
    public boolean confirmed() {
        return getResult() == confirm;
    }
}
