package dev.cumps.app.main;

import dev.cumps.app.ui.style.Severity;
import java.util.Objects;

/** The one-line outcome shown under the tables after an action (the window's notification). */
public record Notice(Severity severity, String text) {

    public Notice {
        Objects.requireNonNull(severity, "severity");
        Objects.requireNonNull(text, "text");
    }
}
