package dev.cumps.app.main;

import dev.cumps.app.ui.Futures;
import dev.cumps.core.snapshot.HostSnapshotService;
import java.time.Clock;
import java.util.Objects;
import java.util.concurrent.CompletableFuture;

/**
 * The host snapshot of the window's first collection, read on a worker as soon as the host session
 * exists (while the toolkit starts and the window is built), so that the first refresh
 * ({@link MainViewModel#refreshFrom(ReadAhead)}) does not start its slowest part only once the window is
 * there. It is the refresh's own read ({@link SnapshotCollector}, the same core call, timed the same
 * way), bounded as that one is by the core's command timeouts.
 */
public final class ReadAhead {

    private final CompletableFuture<SnapshotCollector.Read> read;

    private ReadAhead(CompletableFuture<SnapshotCollector.Read> read) {
        this.read = read;
    }

    /** Reads from the snapshot service {@code snapshots} yields, on a worker, once it has it. */
    public static ReadAhead after(CompletableFuture<HostSnapshotService> snapshots, Clock clock) {
        Objects.requireNonNull(clock, "clock");
        // Its own daemon thread: the read waits on processes, and the common pool may have one thread only.
        return new ReadAhead(snapshots.thenApplyAsync(service -> SnapshotCollector.Read.of(service, clock), work -> {
            Thread thread = new Thread(work, "cumps-read-ahead");
            thread.setDaemon(true);
            thread.start();
        }));
    }

    /** The read, waiting for it; what it failed with is thrown as the refresh's own read throws it. */
    SnapshotCollector.Read join() {
        return Futures.joined(read);
    }
}
