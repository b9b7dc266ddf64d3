package dev.cumps.app.ui.table;

import dev.cumps.app.ui.style.ConsoleStyles;
import dev.cumps.app.ui.style.Icons;
import dev.cumps.app.ui.style.RecordLook;
import java.util.Objects;
import java.util.function.Function;
import javafx.scene.control.TableCell;
import org.kordamp.ikonli.javafx.FontIcon;

/**
 * A daemon record's state: an icon whose shape differs per state ({@link Icons#glyph(RecordLook)}: live check circle,
 * stale amber triangle, unreadable octagon; colour is not the only cue) and the word. The Overview's daemons and the
 * Hosts page's daemons of the selected host show their state with it; a state this window does not know (no look)
 * is the word alone.
 *
 * @param <S> the row type (the cell's value is the row)
 */
public final class RecordStateCell<S> extends TableCell<S, S> {
    private final Function<? super S, RecordLook> look;
    private final Function<? super S, String> text;
    private final FontIcon icon = Icons.of(Icons.glyph(RecordLook.LIVE));

    public RecordStateCell(Function<? super S, RecordLook> look, Function<? super S, String> text) {
        this.look = Objects.requireNonNull(look, "look");
        this.text = Objects.requireNonNull(text, "text");
        icon.getStyleClass().add(ConsoleStyles.STATE_ICON);
    }

    @Override
    protected void updateItem(S item, boolean empty) {
        super.updateItem(item, empty);
        RecordLook shown = empty || item == null ? null : look.apply(item);
        setText(empty || item == null ? null : text.apply(item));
        RecordLook.apply(icon, shown);
        if (shown == null) {
            setGraphic(null);
        } else {
            icon.setIconCode(Icons.glyph(shown));
            setGraphic(icon);
        }
    }
}
