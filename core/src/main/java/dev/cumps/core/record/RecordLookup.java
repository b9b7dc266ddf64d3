package dev.cumps.core.record;

/** The outcome of looking one name up in the record store. */
public sealed interface RecordLookup {
    record Found(DaemonRecord record) implements RecordLookup {
    }

    record Missing(String name) implements RecordLookup {
    }

    /** Written by another user or on another host: never acted on. */
    record Foreign(DaemonRecord record) implements RecordLookup {
        /** "uid N on host H", for messages that name the owner. */
        public String owner() {
            return "uid " + Integer.toUnsignedString(record.uid()) + " on host " + record.host();
        }
    }

    record Unreadable(UnreadableRecord record) implements RecordLookup {
    }
}
