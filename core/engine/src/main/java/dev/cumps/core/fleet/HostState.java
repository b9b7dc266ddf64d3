package dev.cumps.core.fleet;

/** What reading one host found, in one word; {@link FleetMessages} says it in words. */
public enum HostState {
    REACHABLE("reachable", FleetMessages.STATE_REACHABLE),
    HOST_KEY_UNKNOWN("host_key_unknown", FleetMessages.STATE_HOST_KEY_UNKNOWN),
    HOST_KEY_CHANGED("host_key_changed", FleetMessages.STATE_HOST_KEY_CHANGED),
    AUTH_FAILED("auth_failed", FleetMessages.STATE_AUTH_FAILED),
    CONNECTION_REFUSED("connection_refused", FleetMessages.STATE_CONNECTION_REFUSED),
    UNREACHABLE("unreachable", FleetMessages.STATE_UNREACHABLE),
    SSH_FAILED("ssh_failed", FleetMessages.STATE_SSH_FAILED),
    SSH_MISSING("ssh_missing", FleetMessages.STATE_SSH_MISSING),
    CUMPS_MISSING("cumps_missing", FleetMessages.STATE_CUMPS_MISSING),
    SCHEMA_OLDER("schema_older", FleetMessages.STATE_SCHEMA_OLDER),
    SCHEMA_NEWER("schema_newer", FleetMessages.STATE_SCHEMA_NEWER),
    GARBAGE("garbage", FleetMessages.STATE_GARBAGE),
    TIMED_OUT("timed_out", FleetMessages.STATE_TIMED_OUT),
    COMMAND_FAILED("command_failed", FleetMessages.STATE_COMMAND_FAILED);

    private final String id;
    private final FleetMessages messageKey;

    HostState(String id, FleetMessages messageKey) {
        this.id = id;
        this.messageKey = messageKey;
    }

    /** The id in {@code cumps fleet status --json}. */
    public String id() {
        return id;
    }

    /**
     * The key of the message that says this state in words; a report's {@code stateMessage()} is
     * built from it (with the schema versions, or the deadline for {@link #TIMED_OUT}).
     */
    public FleetMessages messageKey() {
        return messageKey;
    }

    /** Whether the host answered (its cumps ran and its output was read). */
    public boolean answered() {
        return this == REACHABLE;
    }
}
