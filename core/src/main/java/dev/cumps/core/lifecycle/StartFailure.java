package dev.cumps.core.lifecycle;

import dev.cumps.core.message.CumpsException;
import java.util.List;

/** A launch that did not come up; carries the tail of {@code control.log} for the operator. */
public final class StartFailure extends CumpsException {
    private static final long serialVersionUID = 1L;
    private final transient List<String> controlLogTail;
    private final String reason;

    public StartFailure(String message, List<String> controlLogTail) {
        super(message + (controlLogTail.isEmpty() ? "" : "; control.log ends with: " + String.join(" | ", controlLogTail)));
        this.reason = message;
        this.controlLogTail = List.copyOf(controlLogTail);
    }

    /** What went wrong, without the log tail (for a window that shows the tail on its own). */
    public String reason() {
        return reason;
    }

    public List<String> controlLogTail() {
        return controlLogTail;
    }
}
