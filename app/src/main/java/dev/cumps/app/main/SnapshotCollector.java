package dev.cumps.app.main;

import dev.cumps.core.status.HostStatus;
import dev.cumps.core.status.StatusService;
import java.lang.System.Logger.Level;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.Objects;

/**
 * One collection of the main window: the core's host status (blocking: it runs nvidia-smi), timed,
 * and its table rows with what changed since the collection before. Built on the worker that holds
 * the refresh guard, so that a refresh of many records leaves the UI thread only the swap
 * (docs/performance.md). Collections never overlap ({@link RefreshCoordinator}).
 */
final class SnapshotCollector {

    private static final System.Logger LOG = System.getLogger(SnapshotCollector.class.getName());

    private final StatusService status;
    private final Clock clock;
    private final MainRows rows;
    private final List<RefreshPart> parts;
    /** The rows the last collection produced. */
    private volatile MainRows.Rows collected;
    private volatile long generations;

    /** @param parts what else each collection gathers after the status (read at each collection) */
    SnapshotCollector(StatusService status, Clock clock, MainRows rows, List<RefreshPart> parts) {
        this.status = Objects.requireNonNull(status, "status");
        this.clock = Objects.requireNonNull(clock, "clock");
        this.rows = Objects.requireNonNull(rows, "rows");
        this.parts = Objects.requireNonNull(parts, "parts");
    }

    MainViewModel.Snapshot collect() {
        Instant started = clock.instant();
        long t0 = System.nanoTime();
        HostStatus s = status.collect();
        Duration took = Duration.ofNanos(System.nanoTime() - t0);
        MainRows.Rows now = MainRows.diff(collected, rows.rows(s, started), ++generations);
        collected = now;
        List<Runnable> shows = parts.stream().map(part -> collect(part, s)).toList();
        return new MainViewModel.Snapshot(s, started, took, now, shows);
    }

    /** A part that fails anyway (a bug) costs its own pane's update, not the tables'. */
    private static Runnable collect(RefreshPart part, HostStatus status) {
        try {
            return part.collect(status);
        } catch (RuntimeException e) {
            LOG.log(Level.WARNING, "A pane's part of the refresh failed", e);
            return () -> { };
        }
    }
}
