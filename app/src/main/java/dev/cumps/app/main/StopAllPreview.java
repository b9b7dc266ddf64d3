package dev.cumps.app.main;

import java.util.List;

/**
 * What the stop-all confirmation shows: how many daemons of the last refresh are live (the ones
 * that get signalled), then their names, then the stale and unreadable records only cleaned.
 */
public record StopAllPreview(int live, List<String> lines) {

    public StopAllPreview {
        lines = List.copyOf(lines);
    }
}
