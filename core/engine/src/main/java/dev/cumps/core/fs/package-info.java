/**
 * Concern: files others can shape.
 *
 * Main types: {@code SafeFiles}: records, pid files, {@code control.log}, lock files are opened without following
 * links, regular files only, with a size cap, on a deadline so a FIFO never blocks (the Javadoc explains the choice;
 * the worker-thread read is {@code BoundedRead}).
 *
 * The rule behind it is {@code TrustRule} (only what the user or root owns and no one else can write, reached through
 * no link; docs/security.md); a {@code TrustedFolder} is a folder that passed it, held open so files in it are opened
 * relative to it; {@code CanonicalPaths} gives one key per directory for locks and comparisons; {@code FsMessages} says
 * why a file was not read.
 */
package dev.cumps.core.fs;
