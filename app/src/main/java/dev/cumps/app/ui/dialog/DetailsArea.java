package dev.cumps.app.ui.dialog;

import dev.cumps.app.i18n.Messages;
import dev.cumps.app.ui.ClipboardSink;
import dev.cumps.app.ui.style.ConsoleStyles;
import dev.cumps.app.ui.style.MonospaceFont;
import java.util.Arrays;
import java.util.Objects;
import javafx.geometry.Pos;
import javafx.scene.control.Button;
import javafx.scene.control.Label;
import javafx.scene.control.TextArea;
import javafx.scene.layout.HBox;
import javafx.scene.layout.Priority;
import javafx.scene.layout.Region;
import javafx.scene.layout.VBox;
import javafx.scene.text.Font;

/**
 * Text an operator reads closely and copies (a control.log tail, a stack trace) inside a dialog:
 * a read-only, selectable, scrollable monospace area sized to its lines (up to a limit, then it
 * scrolls), with a Copy button that puts exactly that text on the clipboard and says so.
 */
public final class DetailsArea extends VBox {

    /** The most rows and columns the area asks for; longer text scrolls. */
    static final int MAX_ROWS = 14;
    static final int MAX_COLUMNS = 110;

    private final TextArea area;

    /** @param id the area's id; the Copy button's is {@code id + "Copy"} */
    public DetailsArea(String id, String text, Messages messages, ClipboardSink clipboard) {
        this(id, text, messages, clipboard, false);
    }

    /**
     * @param id the area's id; the Copy button's is {@code id + "Copy"}
     * @param wrap whether long lines wrap (a log line whose point is at its end) rather than scroll sideways
     *             (a stack trace, whose indentation shows its structure)
     */
    public DetailsArea(String id, String text, Messages messages, ClipboardSink clipboard, boolean wrap) {
        Objects.requireNonNull(clipboard, "clipboard");
        area = new TextArea(text);
        area.setId(id);
        area.setEditable(false);
        area.setWrapText(wrap);
        area.getStyleClass().add(ConsoleStyles.ERROR_DETAILS);
        // Set here as well as by the stylesheet: a dialog's scene may carry none.
        area.setFont(Font.font(MonospaceFont.family(), Font.getDefault().getSize()));
        String[] lines = text.split("\n", -1);
        int longest = Arrays.stream(lines).mapToInt(String::length).max().orElse(0);
        int columns = Math.max(40, Math.min(longest + 2, MAX_COLUMNS));
        // A wrapped line takes as many rows as it needs at that width.
        int rows = wrap ? Arrays.stream(lines).mapToInt(l -> Math.max(1, (l.length() + columns - 1) / columns)).sum() : lines.length;
        area.setPrefRowCount(Math.max(3, Math.min(rows, MAX_ROWS)));
        area.setPrefColumnCount(columns);
        area.setMinHeight(Region.USE_PREF_SIZE);
        VBox.setVgrow(area, Priority.ALWAYS);

        Label copied = new Label();
        copied.setId(id + "Copied");
        Button copy = new Button(messages.get("details.copy"));
        copy.setId(id + "Copy");
        copy.setOnAction(event -> {
            clipboard.putText(text);
            copied.setText(messages.get("details.copied"));
        });
        HBox actions = new HBox(8, copy, copied);
        actions.setAlignment(Pos.CENTER_LEFT);
        setSpacing(6);
        getChildren().setAll(area, actions);
    }

    public TextArea area() {
        return area;
    }
}
