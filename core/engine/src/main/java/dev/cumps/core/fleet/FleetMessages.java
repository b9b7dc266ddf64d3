package dev.cumps.core.fleet;

import dev.cumps.core.message.MessageKey;

/** The texts of the fleet view: host list, host states and remote actions. */
public enum FleetMessages implements MessageKey {
    /** {0}: the destination as typed (raw). */
    INVALID_HOST("'{0}' is not a host: use [user@]host with letters, digits, '.', '-' and '_' only,"
            + " not starting with '-' (an alias from ~/.ssh/config works)"),
    /** {0}: a GPU selector as typed (raw). */
    INVALID_SELECTOR("'{0}' is not a GPU selector: use GPU indexes (0,1) or GPU-<uuid>, separated by commas"),
    /** {0}: the host. */
    HOST_ALREADY_LISTED("{0} is already in your hosts"),
    /** {0}: the host; {1}: the hosts file. */
    HOST_NOT_LISTED("{0} is not in your hosts ({1}); `cumps hosts list` shows them"),
    /** {0}: the hosts file; {1}: why (evidence). */
    HOSTS_UNREADABLE("cannot read your hosts file {0}: {1}"),
    /** {0}: the hosts file; {1}: why (evidence). */
    HOSTS_UNWRITABLE("cannot save your hosts file {0}: {1}"),
    /** {0}: the hosts file; {1}: line number; {2}: the line (raw). */
    HOSTS_BAD_LINE("your hosts file {0} has a line that is not a host (line {1}: '{2}'); fix or remove it"),
    /** {0}: the hosts file. */
    NO_HOSTS("no hosts yet: add one with `cumps hosts add HOST` (stored in {0})"),
    /** {0}: count of hosts that did not answer. */
    SOME_HOSTS_DID_NOT_ANSWER("{0} host(s) did not answer"),

    // Host states, in words.
    STATE_REACHABLE("reachable"),
    STATE_HOST_KEY_UNKNOWN("host key unknown: connect once with `ssh HOST` and check its fingerprint"),
    STATE_HOST_KEY_CHANGED("host key changed: ssh refused the host (a reinstalled machine, or someone in between)"),
    STATE_AUTH_FAILED("authentication failed: your key or agent was not accepted"),
    STATE_CONNECTION_REFUSED("connection refused: no ssh server answers on that port"),
    STATE_UNREACHABLE("unreachable: the name does not resolve or the machine does not answer"),
    STATE_SSH_FAILED("ssh failed"),
    STATE_SSH_MISSING("ssh is not installed here (no ssh on your PATH)"),
    STATE_CUMPS_MISSING("cumps is not installed on the host (install the cumps package there)"),
    STATE_SCHEMA_OLDER("cumps on the host is older (schema_version {0}, this one reads {1}): update cumps there"),
    STATE_SCHEMA_NEWER("cumps on the host is newer (schema_version {0}, this one reads {1}): update cumps here"),
    STATE_GARBAGE("the host answered something that is not cumps output"),
    STATE_TIMED_OUT("timed out after {0} s"),
    STATE_COMMAND_FAILED("cumps on the host failed"),
    STATE_NOT_READ("not read yet"),
    /** {0}: the host; {1}: what the host said (evidence). */
    REMOTE_FAILED("on {0}: {1}");

    private final String english;

    FleetMessages(String english) {
        this.english = english;
    }

    @Override
    public String area() {
        return "fleet";
    }

    @Override
    public String english() {
        return english;
    }
}
