package dev.cumps.app.main;

import dev.cumps.app.ui.style.Severity;
import java.util.Objects;

/** One line of the stop-all report: the record, what happened to it, and how that looks. */
public record StopAllLine(Severity severity, String text) {

    public StopAllLine {
        Objects.requireNonNull(severity, "severity");
        Objects.requireNonNull(text, "text");
    }
}
