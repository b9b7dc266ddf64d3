package dev.cumps.app.activity;

import dev.cumps.app.ui.style.Severity;
import java.time.Instant;
import java.util.Objects;

/**
 * One thing the user did in this window, when, and how it ended: {@link Severity#PASS} done,
 * {@link Severity#WARN} done with something to know (a stop that found the record stale, as its dialog
 * shows it), {@link Severity#SKIP} not done because the user cancelled it, {@link Severity#FAIL} failed.
 */
public record ActivityEntry(Instant time, String action, Severity severity, String outcome) {

    public ActivityEntry {
        Objects.requireNonNull(severity, "severity");
    }

    /** Whether it ended as asked, with or without a warning. */
    public boolean success() {
        return severity == Severity.PASS || severity == Severity.WARN;
    }

    static Severity of(boolean success) {
        return success ? Severity.PASS : Severity.FAIL;
    }
}
