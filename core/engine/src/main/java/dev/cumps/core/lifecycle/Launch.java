package dev.cumps.core.lifecycle;

/**
 * What one start launched, so that undo touches nothing else: a random nonce the daemon inherits
 * in {@link dev.cumps.core.mps.MpsControl#LAUNCH_NONCE_VARIABLE}, a start time the daemon cannot
 * precede (this process's own), the identity (device, inode) of the pipe directory that was
 * prepared, and the size of {@code control.log} before the launch: only lines after it speak of
 * this launch's daemon.
 */
record Launch(String nonce, long notBeforeTicks, Object pipeIdentity, long logMark) {
}
