package dev.cumps.app.main;

/**
 * One row of the control-pipes table. {@code owner} is the managed record names, or the
 * UNMANAGED text for a pipe no record owns (read-only: the window offers no action on it).
 */
public record PipeRow(String path, String kind, boolean managed, String owner) {
}
