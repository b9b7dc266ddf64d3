package dev.cumps.app.ui;

import java.util.Objects;
import javafx.scene.Node;
import javafx.scene.control.OverrunStyle;
import javafx.scene.control.TableCell;
import javafx.scene.control.Tooltip;
import javafx.scene.text.Text;

/**
 * A text cell that, when its column is too narrow, cuts the text in the middle (a path keeps its
 * start and its last folder, {@code gpu-GPU-5e1c…90ab} keeps both ends of the UUID) and then shows
 * the whole text as its tooltip. A text that fits has no tooltip, so the row's own tooltip (an
 * unreadable record's reason) still shows there.
 *
 * @param <S> the row type
 */
public final class FullTextCell<S> extends TableCell<S, String> {

    /** One tooltip per cell, kept while the cell is reused: a new one would restart its show delay on every refresh. */
    private final Tooltip full = new Tooltip();

    /** @param overrun where the text is cut: {@link OverrunStyle#CENTER_ELLIPSIS} for paths and UUIDs */
    public FullTextCell(OverrunStyle overrun) {
        setTextOverrun(Objects.requireNonNull(overrun, "overrun"));
        getStyleClass().add("full-text-cell");
        full.setWrapText(true);
        full.setMaxWidth(720);
    }

    @Override
    protected void updateItem(String item, boolean empty) {
        super.updateItem(item, empty);
        setText(empty ? null : item);
        full.setText(empty || item == null ? "" : item);
        if (empty || item == null || item.isEmpty()) {
            setTooltip(null);
        }
    }

    /** After the skin laid out (and perhaps cut) the text: the tooltip exactly when the text is cut. */
    @Override
    protected void layoutChildren() {
        super.layoutChildren();
        boolean cut = isCut();
        if (cut != (getTooltip() == full)) {
            setTooltip(cut ? full : null);
        }
    }

    /** Whether the text on screen is shorter than the cell's text (the skin replaced part of it with an ellipsis). */
    public boolean isCut() {
        String text = getText();
        if (text == null || text.isEmpty()) {
            return false;
        }
        for (Node child : getChildrenUnmodifiable()) {
            if (child instanceof Text shown) {
                return !text.equals(shown.getText());
            }
        }
        return false;
    }
}
