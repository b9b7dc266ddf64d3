package dev.cumps.core.live;

import dev.cumps.core.message.MessageKey;

/**
 * The texts of {@code live}: refusals of the daemon named for a snapshot, why a daemon's snapshot
 * is incomplete, the diagnostics of replies that are not what NVIDIA documents, and the states
 * and placeholders the clients table shows.
 */
public enum LiveMessages implements MessageKey {
    RECORD_MISSING("no record named '{0}' (see `cumps status`)"),
    /** {1}: the record's owner ({@code record.OWNER}). */
    RECORD_FOREIGN("record '{0}' belongs to {1}"),
    /** {1}: why it could not be read. */
    RECORD_UNREADABLE("record '{0}' is unreadable: {1}"),
    DAEMON_STALE("daemon '{0}' is stale (pid {1} is gone or reused); start it again with `cumps start --name {0}`"),
    /** {0}: the command sent on stdin. */
    DAEMON_TIMED_OUT("the control daemon did not answer `{0}` in time"),
    DAEMON_NOT_FOUND("no control daemon accepts connections in {0}"),
    INTERRUPTED("interrupted before the control daemon answered"),
    /** {0}: the command; {1}: line number; {2}: the line (raw); {3}: one of the {@code EXPECTED_*} messages. */
    REPLY_GARBAGE("the control daemon answered `{0}` with line {1} '{2}': {3}"),
    /** {0}: the command; {1}: how many non-empty lines came back. */
    REPLY_NOT_ONE_LINE("the control daemon answered `{0}` with {1} lines; expected one"),
    EXPECTED_PID("expected one process id per line"),
    DUPLICATE_PID("that process id is listed twice"),
    EXPECTED_STATUS("expected one status word such as ACTIVE"),
    EXPECTED_PERCENTAGE("expected a percentage from 0 to 100"),
    EXPECTED_SIZE("expected a size such as 8G or 512M"),
    /** {0}: line number; {1}: the row (raw); {2}: one of the {@code SMI_*} row problems. */
    SMI_MALFORMED_ROW("nvidia-smi printed a malformed row {0} ('{1}'): {2}"),
    SMI_FIELD_COUNT("expected {0} comma-separated values, found {1}"),
    SMI_PID_NOT_NUMBER("pid '{0}' is not a process id"),
    /** {0}: the field name; {1}: the value (raw). */
    SMI_NOT_NUMBER("{0} '{1}' is not a number"),
    STATE_ANSWERING("answering"),
    STATE_NOT_ANSWERING("not answering"),
    STATE_BAD_REPLY("unexpected reply"),
    STATE_PARTIAL("partly answered"),
    /** {0}: servers asked about (the most read from a list). */
    SERVERS_CAPPED("the daemon lists more than {0} servers; only the first {0} were asked about"),
    /** {0}: servers whose questions got no answer in time; {1}: the live view's budget in seconds. */
    SERVERS_UNANSWERED("{0} server(s) not answered within the live view's {1} s"),
    /** {0}: the server; {1}: clients shown (the most read from a list). */
    CLIENTS_CAPPED("server {0} lists more than {1} clients; only the first {1} are shown"),
    /** Two problems of one daemon, one after the other. */
    PROBLEMS_JOINED("{0}; {1}"),
    /** {0}: the live view's budget in seconds. */
    BUDGET_SPENT("no answer within the live view's {0} s"),
    /** What the clients table shows for what {@code /proc} would not tell (another user's process, or one that has exited). */
    UNREADABLE("unreadable"),
    /** A daemon without a record: read-only. */
    UNMANAGED("UNMANAGED (read-only)"),
    // limits: cumps limits, the Limits pane and start --active-thread-percentage/--pinned-mem-limit
    LIMITS_NOTHING_TO_SET("nothing to set: give --set-active-thread-percentage P and/or --set-pinned-mem-limit SIZE"),
    LIMITS_STALE("daemon '{0}' is stale (pid {1} is gone or reused); nothing was changed. Start it again with `cumps start --name {0}`"),
    /** {1}: the pipe directory; {2}: the pid its pid file names; {3}: the recorded pid. */
    LIMITS_PIPE_SERVED_BY_OTHER("refusing to change the limits of '{0}': the pid file in {1} names pid {2}, not the recorded pid {3};"
            + " nothing was changed"),
    LIMITS_PID_NOT_ON_PIPE("refusing to change the limits of '{0}': pid {1} was not started on {2}; nothing was changed"),
    LIMITS_PIPE_UNVERIFIABLE("refusing to change the limits of '{0}': cannot verify that pid {1} serves {2}; nothing was changed"),
    /** {1}: why (an {@code mps.LIMIT_*} message). */
    LIMITS_NOT_APPLIED("the limits of '{0}' were not all applied: {1}. The record is unchanged; see the daemon's values with"
            + " `cumps limits --name {0}`"),
    /** {1}: the active thread percentage (the value or {@link #NOT_SET}); {2}: the pinned memory limit; {3}: servers. */
    LIMITS_SET("limits of '{0}' set and recorded: active thread percentage {1}, pinned memory limit {2} (defaults and {3} running"
            + " server(s))"),
    NOT_SET("not set"),
    /** {0}: the command sent; {1}: what the daemon reports now; {2}: the value asked for. */
    LIMIT_NOT_CONFIRMED("the control daemon took `{0}` but reports {1} now, not {2}; the limit is not recorded");

    private final String english;

    LiveMessages(String english) {
        this.english = english;
    }

    @Override
    public String area() {
        return "live";
    }

    @Override
    public String english() {
        return english;
    }
}
