package dev.cumps.core.lifecycle;

import dev.cumps.core.message.CumpsException;
import dev.cumps.core.message.Message;
import java.util.List;

/**
 * A launch that did not come up; carries the tail of {@code control.log} for the operator. Its
 * {@link #text() text} is the headline ("daemon 'x' did not start: why") followed by the log tail;
 * {@link #reasonText()} is the headline alone, for a window that shows the tail on its own.
 */
public sealed class StartFailure extends CumpsException permits StartCancelled {
    private static final long serialVersionUID = 1L;
    private final transient List<String> controlLogTail;
    private final transient Message reason;

    public StartFailure(Message reason, List<String> controlLogTail) {
        super(withTail(reason, controlLogTail));
        this.reason = reason;
        this.controlLogTail = List.copyOf(controlLogTail);
    }

    private static Message withTail(Message reason, List<String> tail) {
        return tail.isEmpty() ? reason : Message.of(LifecycleText.START_FAILED_WITH_LOG, reason, String.join(" | ", tail));
    }

    /** What went wrong, without the log tail, in English. */
    public String reason() {
        return reason.english();
    }

    /** What went wrong, without the log tail. */
    public Message reasonText() {
        return reason;
    }

    public List<String> controlLogTail() {
        return controlLogTail;
    }
}
