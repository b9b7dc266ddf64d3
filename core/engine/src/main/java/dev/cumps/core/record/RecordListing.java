package dev.cumps.core.record;

import java.util.List;

/** The records of this user and host, and the ones that could not be read. */
public record RecordListing(List<DaemonRecord> records, List<UnreadableRecord> unreadable) {
    public RecordListing {
        records = List.copyOf(records);
        unreadable = List.copyOf(unreadable);
    }
}
