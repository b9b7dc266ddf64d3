/**
 * Concern: running programs.
 *
 * Main types: {@code CommandRunner} (the one way to run a program), {@code ProcessCommandRunner}
 * (timeout, stdin, stdout/stderr drained on their own threads, PATH from the child's environment
 * with empty and relative entries skipped), {@code ProcessSpawner} (long-running {@code -f} child; a
 * detached one with output discarded), {@code FolderOpener} ({@code xdg-open DIR} for the log pane's
 * Open folder; {@code browse}: {@code xdg-open} on a file URL, never waited for or ended).
 */
package dev.cumps.core.exec;
