package dev.cumps.core.lifecycle;

import dev.cumps.core.message.Message;
import java.util.List;

/**
 * A start the caller cancelled ({@link StartCancellation}). Its {@link #reasonText() reason} says
 * what the undo actually did: nothing was launched yet, this start's daemon was stopped, it was no
 * longer running, or it did not exit. As with any {@link StartFailure}, no record was written.
 */
public final class StartCancelled extends StartFailure {
    private static final long serialVersionUID = 1L;

    StartCancelled(Message whatWasDone, List<String> controlLogTail) {
        super(whatWasDone, controlLogTail);
    }
}
