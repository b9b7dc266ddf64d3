package dev.cumps.core.record;

import dev.cumps.core.message.Message;

/** A record of this user and host together with its liveness at the moment it was read. */
public record ManagedDaemon(DaemonRecord record, RecordState state) {
    public boolean live() {
        return state == RecordState.LIVE;
    }

    /** The state as the window shows it. */
    public Message stateMessage() {
        return state.labelMessage();
    }

    public String name() {
        return record.name();
    }
}
