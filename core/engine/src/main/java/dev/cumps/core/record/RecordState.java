package dev.cumps.core.record;

import dev.cumps.core.message.Message;

/** What a record says about its daemon right now. */
public enum RecordState {
    /** The recorded pid runs and its start time matches: this is the recorded daemon. */
    LIVE("live", RecordMessages.STATE_LIVE),
    /** The pid is gone, or now belongs to another process: nothing may be signalled. */
    STALE("stale", RecordMessages.STATE_STALE);

    private final String id;
    private final RecordMessages text;

    RecordState(String id, RecordMessages text) {
        this.id = id;
        this.text = text;
    }

    /** The state as the window shows it. */
    public Message labelMessage() {
        return Message.of(text);
    }

    public String id() {
        return id;
    }
}
