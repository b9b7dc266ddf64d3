package dev.cumps.app.ui.table;

import dev.cumps.app.ui.style.ConsoleStyles;
import dev.cumps.app.ui.style.Icons;
import dev.cumps.app.ui.style.Severity;
import java.util.Objects;
import java.util.function.Function;
import javafx.scene.control.TableCell;
import org.kordamp.ikonli.javafx.FontIcon;

/**
 * A table cell that shows a severity twice, so that it reads without colour too: an icon whose
 * shape differs per severity ({@link Icons#glyph(Severity)}) before the text, and the
 * {@link Severity} pseudo-class on the cell and the icon (the colour of {@code console.css}).
 *
 * @param <S> the row type
 * @param <T> the cell value
 */
public final class SeverityCell<S, T> extends TableCell<S, T> {

    private final Function<? super T, Severity> severity;
    private final Function<? super T, String> text;
    private final FontIcon icon = Icons.of(Icons.glyph(Severity.PASS));

    public SeverityCell(Function<? super T, Severity> severity, Function<? super T, String> text) {
        this.severity = Objects.requireNonNull(severity, "severity");
        this.text = Objects.requireNonNull(text, "text");
        getStyleClass().add(ConsoleStyles.SEVERITY_CELL);
        icon.getStyleClass().add(ConsoleStyles.SEVERITY_ICON);
    }

    /** The text glyph that stands for {@code severity} where no icon fits: a check mark, a warning sign, a cross, a dash. */
    public static String glyph(Severity severity) {
        return switch (severity) {
            case PASS -> "\u2714";
            case WARN -> "\u26A0";
            case FAIL -> "\u2716";
            case SKIP -> "\u2013";
        };
    }

    @Override
    protected void updateItem(T item, boolean empty) {
        super.updateItem(item, empty);
        if (empty || item == null) {
            setText(null);
            setGraphic(null);
            Severity.apply(this, null);
            Severity.apply(icon, null);
            return;
        }
        Severity shown = severity.apply(item);
        icon.setIconCode(Icons.glyph(shown));
        setText(text.apply(item));
        setGraphic(icon);
        Severity.apply(this, shown);
        Severity.apply(icon, shown);
    }
}
