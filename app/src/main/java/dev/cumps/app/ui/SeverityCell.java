package dev.cumps.app.ui;

import java.util.Objects;
import java.util.function.Function;
import javafx.scene.control.TableCell;

/**
 * A table cell that shows a severity twice, so that it reads without colour too: a glyph before
 * the text, and the {@link Severity} pseudo-class (the colour of {@code console.css}).
 *
 * @param <S> the row type
 * @param <T> the cell value
 */
public final class SeverityCell<S, T> extends TableCell<S, T> {

    private final Function<? super T, Severity> severity;
    private final Function<? super T, String> text;

    public SeverityCell(Function<? super T, Severity> severity, Function<? super T, String> text) {
        this.severity = Objects.requireNonNull(severity, "severity");
        this.text = Objects.requireNonNull(text, "text");
        getStyleClass().add("severity-cell");
    }

    /** The glyph that stands for {@code severity}: a check mark, a warning sign, a cross, a dash. */
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
            Severity.apply(this, null);
            return;
        }
        Severity shown = severity.apply(item);
        setText(glyph(shown) + " " + text.apply(item));
        Severity.apply(this, shown);
    }
}
