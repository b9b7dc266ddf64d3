package dev.cumps.core.record;

import dev.cumps.core.message.Message;

/** What a record says about its daemon right now. */
public enum RecordState {
    /** The recorded pid runs and its start time matches: this is the recorded daemon. */
    LIVE("live", RecordText.STATE_LIVE),
    /** The pid is gone, or now belongs to another process: nothing may be signalled. */
    STALE("stale", RecordText.STATE_STALE);

    private final String id;
    private final RecordText text;

    RecordState(String id, RecordText text) {
        this.id = id;
        this.text = text;
    }

    /** The state as the window shows it. */
    public Message text() {
        return Message.of(text);
    }

    public String id() {
        return id;
    }
}
