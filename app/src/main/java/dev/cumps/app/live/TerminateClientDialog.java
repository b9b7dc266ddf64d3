package dev.cumps.app.live;

import dev.cumps.app.i18n.Messages;
import dev.cumps.app.ui.dialog.Confirmation;
import dev.cumps.app.ui.style.ConsoleStyles;
import javafx.scene.control.Alert;
import javafx.scene.control.Button;
import javafx.scene.control.ButtonBar;
import javafx.scene.control.ButtonType;
import javafx.scene.control.Label;
import javafx.scene.control.OverrunStyle;
import javafx.scene.control.Tooltip;
import javafx.scene.layout.GridPane;
import javafx.scene.layout.VBox;

/**
 * The terminate confirmation: which client (pid, user, command) of which server and daemon. Cancel
 * is the default button (Enter does not terminate); the core checks everything again when it
 * terminates.
 */
public final class TerminateClientDialog extends Alert implements Confirmation {

    private static final double MAX_VALUE_WIDTH = 520;
    /** The content's width: the note wraps in it rather than widening the dialog to its one-line length. */
    static final double CONTENT_WIDTH = 600;
    /** The most lines the command takes; a longer one (a JVM's class path) is cut in its middle, whole in the tooltip. */
    static final int COMMAND_LINES = 4;

    private final ButtonType confirm;

    public TerminateClientDialog(TerminateConfirmation target, Messages messages) {
        super(AlertType.CONFIRMATION);
        setTitle(messages.get("terminate.title"));
        setHeaderText(messages.get("terminate.header", target.pid(), target.daemon()));
        GridPane grid = new GridPane();
        grid.setHgap(12);
        grid.setVgap(6);
        grid.setId("terminateEvidence");
        int row = 0;
        row = fact(grid, row, messages.get("terminate.pid"), target.pid(), "terminatePid");
        row = fact(grid, row, messages.get("terminate.user"), target.user(), "terminateUser");
        Label command = new Label(target.command());
        command.setWrapText(true);
        // Wrapped up to COMMAND_LINES lines (font size × 1.5 each), cut in the middle beyond.
        command.maxHeightProperty().bind(command.fontProperty().map(f -> f.getSize() * 1.5 * COMMAND_LINES));
        row = fact(grid, row, messages.get("terminate.command"), command, "terminateCommand");
        row = fact(grid, row, messages.get("terminate.server"), target.server(), "terminateServer");
        fact(grid, row, messages.get("terminate.daemon"), target.daemon(), "terminateDaemon");
        Label note = new Label(messages.get("terminate.note"));
        note.setWrapText(true);
        note.getStyleClass().add(ConsoleStyles.MUTED);
        VBox content = new VBox(10, grid, note);
        content.setPrefWidth(CONTENT_WIDTH);
        content.setMaxWidth(CONTENT_WIDTH);
        getDialogPane().setContent(content);
        getDialogPane().setId("terminateConfirmation");
        confirm = new ButtonType(messages.get("terminate.action"), ButtonBar.ButtonData.OK_DONE);
        ButtonType cancel = new ButtonType(messages.get("main.cancel"), ButtonBar.ButtonData.CANCEL_CLOSE);
        getButtonTypes().setAll(confirm, cancel);
        Button confirmButton = (Button) getDialogPane().lookupButton(confirm);
        confirmButton.setId("confirmTerminate");
        confirmButton.setDefaultButton(false);
        Button cancelButton = (Button) getDialogPane().lookupButton(cancel);
        cancelButton.setId("cancelTerminate");
        cancelButton.setDefaultButton(true);
    }

    /** Whether the dialog was closed with Terminate client. */
    @Override
    public boolean confirmed() {
        return getResult() == confirm;
    }

    private static int fact(GridPane grid, int row, String name, String value, String id) {
        return fact(grid, row, name, new Label(value), id);
    }

    private static int fact(GridPane grid, int row, String name, Label v, String id) {
        Label n = new Label(name);
        n.getStyleClass().add(ConsoleStyles.EVIDENCE_NAME);
        String value = v.getText();
        // A command line can be thousands of characters (a JVM's class path); the whole text is in
        // the tooltip, the middle of it elided on screen.
        v.setId(id);
        v.setMaxWidth(MAX_VALUE_WIDTH);
        v.setTextOverrun(OverrunStyle.CENTER_ELLIPSIS);
        v.setTooltip(new Tooltip(value));
        grid.addRow(row, n, v);
        return row + 1;
    }
}
