package dev.cumps.app.ui.style;

import java.util.Locale;
import javafx.css.PseudoClass;
import javafx.scene.Node;

/**
 * How a daemon record row looks: {@code :live}, {@code :stale}, {@code :unreadable}. The core
 * decides the state; this only names its pseudo-class.
 */
public enum RecordLook implements StyleState {
    LIVE, STALE, UNREADABLE;

    private final PseudoClass pseudoClass = PseudoClass.getPseudoClass(name().toLowerCase(Locale.ROOT));

    @Override
    public PseudoClass pseudoClass() {
        return pseudoClass;
    }

    /** Shows {@code look} on {@code node} ({@code null}: none). */
    public static void apply(Node node, RecordLook look) {
        StyleState.apply(node, RecordLook.class, look);
    }
}
