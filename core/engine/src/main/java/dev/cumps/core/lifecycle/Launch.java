package dev.cumps.core.lifecycle;

import java.util.OptionalLong;

/**
 * What one start launched, so that undo touches nothing else: a random nonce the daemon inherits
 * in {@link dev.cumps.core.mps.MpsControl#LAUNCH_NONCE_VARIABLE}, a start time the daemon cannot
 * precede (this process's own), the identity (device, inode) of the pipe directory that was
 * prepared, and the size of {@code control.log} before the launch: only lines after it speak of
 * this launch's daemon. {@code spawned} is the pid of the process the launch started itself and
 * holds, when it is the daemon ({@code -f}: NVIDIA's foreground daemon runs in the process started,
 * logs to its stdout and, before R550, writes no pid file); empty for {@code -d}, which forks.
 */
record Launch(String nonce, long notBeforeTicks, Object pipeIdentity, long logMark, OptionalLong spawned) {
    Launch(String nonce, long notBeforeTicks, Object pipeIdentity, long logMark) {
        this(nonce, notBeforeTicks, pipeIdentity, logMark, OptionalLong.empty());
    }

    /** This launch, its daemon being the process {@code pid} that it started itself. */
    Launch spawned(long pid) {
        return new Launch(nonce, notBeforeTicks, pipeIdentity, logMark, OptionalLong.of(pid));
    }
}
