package dev.cumps.app.ui.error;

import dev.cumps.app.i18n.Messages;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.util.HashSet;
import java.util.Objects;
import java.util.Set;

/**
 * What the user is told about an unexpected failure: a readable {@code summary} first, the stack
 * trace only as {@code details} behind "Details".
 */
public record ErrorReport(String summary, String details) {

    public ErrorReport {
        Objects.requireNonNull(summary, "summary");
        Objects.requireNonNull(details, "details");
    }

    /**
     * The summary is the message of the deepest cause that has one (wrappers such as
     * {@code ExecutionException} rarely say anything useful), else a sentence naming the type.
     */
    public static ErrorReport of(Throwable error, Messages messages) {
        String message = null;
        Set<Throwable> seen = new HashSet<>();
        for (Throwable t = error; t != null && seen.add(t); t = t.getCause()) {
            message = messages.errorText(t).orElse(message);
        }
        String summary = message != null
                ? message
                : messages.get("error.unexpected", error.getClass().getSimpleName());
        StringWriter trace = new StringWriter();
        error.printStackTrace(new PrintWriter(trace));
        return new ErrorReport(summary, trace.toString());
    }
}
