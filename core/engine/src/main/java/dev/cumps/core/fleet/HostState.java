package dev.cumps.core.fleet;

/** What reading one host found, in one word; {@link FleetText} says it in words. */
public enum HostState {
    REACHABLE("reachable", FleetText.STATE_REACHABLE),
    HOST_KEY_UNKNOWN("host_key_unknown", FleetText.STATE_HOST_KEY_UNKNOWN),
    HOST_KEY_CHANGED("host_key_changed", FleetText.STATE_HOST_KEY_CHANGED),
    AUTH_FAILED("auth_failed", FleetText.STATE_AUTH_FAILED),
    CONNECTION_REFUSED("connection_refused", FleetText.STATE_CONNECTION_REFUSED),
    UNREACHABLE("unreachable", FleetText.STATE_UNREACHABLE),
    SSH_FAILED("ssh_failed", FleetText.STATE_SSH_FAILED),
    SSH_MISSING("ssh_missing", FleetText.STATE_SSH_MISSING),
    CUMPS_MISSING("cumps_missing", FleetText.STATE_CUMPS_MISSING),
    SCHEMA_OLDER("schema_older", FleetText.STATE_SCHEMA_OLDER),
    SCHEMA_NEWER("schema_newer", FleetText.STATE_SCHEMA_NEWER),
    GARBAGE("garbage", FleetText.STATE_GARBAGE),
    TIMED_OUT("timed_out", FleetText.STATE_TIMED_OUT),
    COMMAND_FAILED("command_failed", FleetText.STATE_COMMAND_FAILED);

    private final String id;
    private final FleetText text;

    HostState(String id, FleetText text) {
        this.id = id;
        this.text = text;
    }

    /** The id in {@code cumps fleet status --json}. */
    public String id() {
        return id;
    }

    public FleetText text() {
        return text;
    }

    /** Whether the host answered (its cumps ran and its output was read). */
    public boolean answered() {
        return this == REACHABLE;
    }
}
