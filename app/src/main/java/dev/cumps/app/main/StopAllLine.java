package dev.cumps.app.main;

import java.util.Objects;

import dev.cumps.app.ui.Severity;

/** One line of the stop-all report: the record, what happened to it, and how that looks. */
public record StopAllLine(Severity severity, String text) {

    public StopAllLine {
        Objects.requireNonNull(severity, "severity");
        Objects.requireNonNull(text, "text");
    }
}
