/**
 * Concern: files others can shape.
 *
 * Main types: {@code SafeFiles}: records, pid files, {@code control.log}, lock files are opened
 * without following links, regular files only, with a size cap, on a deadline so a FIFO never
 * blocks (the Javadoc explains the choice; the worker-thread read is {@code BoundedRead}).
 */
package dev.cumps.core.fs;
