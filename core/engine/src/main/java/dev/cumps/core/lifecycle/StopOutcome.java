package dev.cumps.core.lifecycle;

import dev.cumps.core.message.Message;
import dev.cumps.core.record.DaemonRecord;
import java.util.Optional;

/** What happened to one record when asked to stop; {@code messageText} says it to the operator. */
public record StopOutcome(String name, Optional<DaemonRecord> record, Result result, Message messageText) {
    public enum Result {
        /** The daemon answered {@code quit}, exited, and its record was removed. */
        STOPPED("stopped"),
        /** The record was stale: it was removed and nothing was signalled. */
        STALE_REMOVED("stale_removed"),
        /** The record was unreadable: it was moved aside and nothing was signalled. */
        UNREADABLE_QUARANTINED("unreadable_quarantined"),
        FAILED("failed");

        private final String id;

        Result(String id) {
            this.id = id;
        }

        public String id() {
            return id;
        }
    }

    /** What happened, in English (the CLI's text). */
    public String message() {
        return messageText.english();
    }

    public boolean stopped() {
        return result == Result.STOPPED;
    }
}
