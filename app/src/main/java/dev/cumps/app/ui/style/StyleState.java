package dev.cumps.app.ui.style;

import java.util.Objects;
import javafx.css.PseudoClass;
import javafx.scene.Node;

/**
 * A state shown through a CSS pseudo-class of {@code console.css}. Implemented by enums whose
 * constants are mutually exclusive on one node ({@link Severity}, {@link RecordLook}).
 */
public interface StyleState {

    PseudoClass pseudoClass();

    /**
     * Marks {@code node} with {@code state}'s pseudo-class and clears the other constants of the
     * same enum; {@code null} clears them all.
     */
    static <E extends Enum<E> & StyleState> void apply(Node node, Class<E> kind, E state) {
        Objects.requireNonNull(node, "node");
        for (E each : kind.getEnumConstants()) {
            node.pseudoClassStateChanged(each.pseudoClass(), each == state);
        }
    }
}
