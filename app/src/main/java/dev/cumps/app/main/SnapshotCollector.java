package dev.cumps.app.main;

import dev.cumps.core.live.LiveSnapshotService.Detail;
import dev.cumps.core.snapshot.HostSnapshot;
import dev.cumps.core.snapshot.HostSnapshotService;
import java.lang.System.Logger.Level;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.Objects;

/**
 * One collection of the main window: the core's host snapshot (blocking: it runs nvidia-smi), timed,
 * and its table rows with what changed since the collection before. Built on the worker that holds
 * the refresh guard, so that a refresh of many records leaves the UI thread only the swap
 * (docs/performance.md). Collections never overlap ({@link RefreshCoordinator}).
 */
final class SnapshotCollector {

    private static final System.Logger LOG = System.getLogger(SnapshotCollector.class.getName());

    private final HostSnapshotService snapshots;
    private final Clock clock;
    private final MainRows rows;
    private final List<RefreshPart> parts;
    /** The rows the last collection produced. */
    private volatile MainRows.Rows collected;
    private volatile long generations;

    /** @param parts what else each collection gathers after the status (read at each collection) */
    SnapshotCollector(HostSnapshotService snapshots, Clock clock, MainRows rows, List<RefreshPart> parts) {
        this.snapshots = Objects.requireNonNull(snapshots, "snapshots");
        this.clock = Objects.requireNonNull(clock, "clock");
        this.rows = Objects.requireNonNull(rows, "rows");
        this.parts = Objects.requireNonNull(parts, "parts");
    }

    /** One read of the host snapshot, with when it started and how long it took. */
    record Read(Instant started, Duration took, HostSnapshot host) {
        /** Reads now, on the calling thread (blocking: it runs nvidia-smi). */
        static Read of(HostSnapshotService snapshots, Clock clock) {
            Instant started = clock.instant();
            long t0 = System.nanoTime();
            HostSnapshot host = snapshots.read(Detail.NONE);
            return new Read(started, Duration.ofNanos(System.nanoTime() - t0), host);
        }
    }

    /** A collection asked for (F5, Refresh, an action's end). */
    MainViewModel.Snapshot collect() {
        return collect(Read.of(snapshots, clock));
    }

    /** A collection of the periodic timer, which ticks every {@code intervalSeconds}. */
    MainViewModel.Snapshot collectPeriodic(int intervalSeconds) {
        return collect(Read.of(snapshots, clock), RefreshPart.Cause.periodic(intervalSeconds));
    }

    /** An asked-for collection around {@code read}: the rows, what changed, the parts. */
    MainViewModel.Snapshot collect(Read read) {
        return collect(read, RefreshPart.Cause.ASKED);
    }

    private MainViewModel.Snapshot collect(Read read, RefreshPart.Cause cause) {
        HostSnapshot host = read.host();
        MainRows.Rows now = MainRows.diff(collected, rows.rows(host.status(), read.started()), ++generations);
        collected = now;
        List<Runnable> shows = parts.stream().map(part -> collect(part, host, cause)).toList();
        return new MainViewModel.Snapshot(host.status(), read.started(), read.took(), now, shows);
    }

    /** A part that fails anyway (a bug) costs its own pane's update, not the tables'. */
    private static Runnable collect(RefreshPart part, HostSnapshot host, RefreshPart.Cause cause) {
        try {
            return part.collect(host, cause);
        } catch (RuntimeException e) {
            LOG.log(Level.WARNING, "A pane's part of the refresh failed", e);
            return () -> { };
        }
    }
}
