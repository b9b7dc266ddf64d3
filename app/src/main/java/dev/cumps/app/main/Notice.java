package dev.cumps.app.main;

import java.util.Objects;

import dev.cumps.app.ui.Severity;

/** The one-line outcome shown under the tables after an action (the window's notification). */
public record Notice(Severity severity, String text) {

    public Notice {
        Objects.requireNonNull(severity, "severity");
        Objects.requireNonNull(text, "text");
    }
}
