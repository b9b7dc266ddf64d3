/**
 * Concern: running programs.
 *
 * Main types: {@code CommandRunner} (the one way to run a program), {@code ProcessCommandRunner} (timeout, stdin,
 * stdout/stderr drained on their own threads, PATH from the child's environment with empty and relative entries
 * skipped), {@code ProcessSpawner} (long-running {@code -f} child; a detached one with output discarded),
 * {@code FolderOpener} ({@code xdg-open DIR} for the log pane's Open folder; {@code browse}: {@code xdg-open} on a file
 * URL, never waited for or ended).
 *
 * A run is a {@code CommandSpec} (argument vector, the complete child environment, stdin, timeout, output caps) and
 * gives a {@code CommandResult} (what happened to it); {@code ExecMessages} says how a run failed.
 */
package dev.cumps.core.exec;
