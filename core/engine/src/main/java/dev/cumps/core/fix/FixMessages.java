package dev.cumps.core.fix;

import dev.cumps.core.message.MessageKey;

/**
 * The fix service's texts (area {@code fix}): each fix's dry-run description (exactly what will be
 * done, to which file, record or pid), its outcome, and why a fix was refused when its re-check failed.
 */
public enum FixMessages implements MessageKey {
    DESCRIBE_STALE_RECORD("move the stale record {0} (pid {1} start {2}, no longer running) aside to {3}"),
    DESCRIBE_EXTRA_DAEMON("stop daemon {0} (pid {1} start {2}), the newer of two on GPU {3}, keeping {4}: "
            + "`quit` after verifying its pid and start time, as `cumps stop --name {0}`"),
    DESCRIBE_ORPHANED_SOCKET("remove the orphaned control socket {0} (nothing listens; no live record names its directory)"),
    DESCRIBE_STALE_PID_FILE("remove the stale pid file {0} (it names pid {1}, which is no running MPS control daemon)"),

    MOVED_RECORD("moved the stale record {0} to {1}"),
    REMOVED("removed {0}"),
    ALREADY_GONE("{0} is already gone (removed with its stale record)"),

    RECORD_CHANGED("not done: record {0} no longer names pid {1} start {2} (it changed since the doctor ran)"),
    RECORD_LIVE_AGAIN("not done: record {0} names a running daemon now"),
    EXTRA_NOT_LIVE("not done: daemon {0} (pid {1} start {2}) no longer runs; nothing stopped"),
    NOT_EXTRA("not done: {0} is no longer an extra daemon on GPU {1} ({2}, which would keep serving it, is not live)"),
    SAME_DAEMON_AS_KEPT("not done: records {0} and {1} name the same daemon (pid {2} start {3}); stopping {0} would stop the daemon"
            + " kept for {1}, so nothing was stopped"),
    NOT_PRIVATE_DIRECTORY("not done: {0} is not a private directory of yours (a real directory, owned by uid {1}, mode 0700)"),
    NOT_ORPHAN("not done: {0} is no longer an orphaned control socket of yours (gone, a link, another owner's, or served)"),
    NOT_STALE_PID_FILE("not done: {0} is no longer a stale pid file of yours naming pid {1}"),
    REMOVE_FAILED("could not remove {0}: {1}");

    private final String english;

    FixMessages(String english) {
        this.english = english;
    }

    @Override
    public String area() {
        return "fix";
    }

    @Override
    public String english() {
        return english;
    }
}
