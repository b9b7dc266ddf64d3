package dev.cumps.core.record;

/** The outcome of looking one name up in the record store. */
public sealed interface RecordLookup {
    record Found(DaemonRecord record) implements RecordLookup {
    }

    record Missing(String name) implements RecordLookup {
    }

    /** Written by another user or on another host: never acted on. */
    record Foreign(DaemonRecord record) implements RecordLookup {
    }

    record Unreadable(UnreadableRecord record) implements RecordLookup {
    }
}
