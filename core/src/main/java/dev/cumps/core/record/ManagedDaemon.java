package dev.cumps.core.record;

/** A record of this user and host together with its liveness at the moment it was read. */
public record ManagedDaemon(DaemonRecord record, RecordState state) {
    public boolean live() {
        return state == RecordState.LIVE;
    }

    public String name() {
        return record.name();
    }
}
