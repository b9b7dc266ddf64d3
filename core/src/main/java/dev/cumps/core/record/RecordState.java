package dev.cumps.core.record;

/** What a record says about its daemon right now. */
public enum RecordState {
    /** The recorded pid runs and its start time matches: this is the recorded daemon. */
    LIVE("live"),
    /** The pid is gone, or now belongs to another process: nothing may be signalled. */
    STALE("stale");

    private final String id;

    RecordState(String id) {
        this.id = id;
    }

    public String id() {
        return id;
    }
}
