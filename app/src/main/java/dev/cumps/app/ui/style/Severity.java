package dev.cumps.app.ui.style;

import java.util.Locale;
import javafx.css.PseudoClass;
import javafx.scene.Node;

/** Outcome of a check as shown on screen: {@code :pass}, {@code :warn}, {@code :fail}, {@code :skip}. */
public enum Severity implements StyleState {
    PASS, WARN, FAIL, SKIP;

    private final PseudoClass pseudoClass = PseudoClass.getPseudoClass(name().toLowerCase(Locale.ROOT));

    @Override
    public PseudoClass pseudoClass() {
        return pseudoClass;
    }

    /** Shows {@code severity} on {@code node} ({@code null}: none). */
    public static void apply(Node node, Severity severity) {
        StyleState.apply(node, Severity.class, severity);
    }
}
