package dev.cumps.core.lifecycle;

/**
 * What one start launched, so that undo touches nothing else: a random nonce the daemon inherits
 * in {@link dev.cumps.core.mps.MpsControl#LAUNCH_NONCE_VARIABLE}, a start time the daemon cannot
 * precede (this process's own), and the identity (device, inode) of the pipe directory that was
 * prepared.
 */
record Launch(String nonce, long notBeforeTicks, Object pipeIdentity) {
}
