package dev.cumps.core.snapshot;

import dev.cumps.core.gpu.GpuInventory;
import dev.cumps.core.gpu.GpuQuery;
import dev.cumps.core.live.LiveSnapshot;
import dev.cumps.core.live.LiveSnapshotService;
import dev.cumps.core.record.DaemonRecord;
import dev.cumps.core.status.StatusService;
import java.util.Objects;
import java.util.Optional;
import java.util.concurrent.Callable;

/**
 * Reads the {@link HostSnapshot}: the one query behind {@code cumps status [--json]}, {@code metrics},
 * {@code clients}, {@code top} and the window's refresh, so that none of them rebuilds the status
 * and live glue or asks {@code nvidia-smi} twice.
 */
public final class HostSnapshotService {
    private final StatusService status;
    private final LiveSnapshotService live;

    public HostSnapshotService(StatusService status, LiveSnapshotService live) {
        this.status = Objects.requireNonNull(status, "status");
        this.live = Objects.requireNonNull(live, "live");
    }

    /** GPUs and status, asking no daemon: {@code cumps status} and the window's refresh. */
    public HostSnapshot read() {
        GpuInventory gpus = status.gpus();
        return new HostSnapshot(gpus, status.collect(gpus), Optional.empty());
    }

    /**
     * GPUs, status and the live view of every live daemon and unmanaged pipe, around the same
     * {@code nvidia-smi} query: {@code status --json}, {@code metrics}, {@code clients}, {@code top}.
     */
    public HostSnapshot readWithLive() {
        // The GPU query and the daemons' questions need nothing from each other: the query runs on its own
        // thread while the records are read and the daemons asked; the live view waits for it only at its end.
        // Nothing on the way here, nor on the query's way to starting nvidia-smi, is a lambda: a run's first lambda
        // costs the JVM a method-handle class spun at run time (a few ms of CPU), which then overlaps nvidia-smi
        // instead of delaying its start (docs/performance.md, round nine).
        GpuQuery gpus = GpuQuery.start(new GpusOf(status), "cumps-gpu-query");
        StatusService.Records records = status.records();
        LiveSnapshot view = live.collect(records.live(), gpus);
        GpuInventory inventory = gpus.get();
        return new HostSnapshot(inventory, status.collect(inventory, records), Optional.of(view));
    }

    /** {@code status.gpus()} as the GPU query's task: a class, not {@code status::gpus} (see {@link #readWithLive()}). */
    private static final class GpusOf implements Callable<GpuInventory> {
        private final StatusService status;

        GpusOf(StatusService status) {
            this.status = status;
        }

        @Override
        public GpuInventory call() {
            return status.gpus();
        }
    }

    /**
     * {@link #readWithLive()}, or with {@code name} the live view of that daemon alone
     * ({@code clients --name}, {@code top --name}): the caller's live record, else an error saying
     * what to do, raised before anything is queried.
     */
    public HostSnapshot readLive(Optional<String> name) {
        if (name.isEmpty()) {
            return readWithLive();
        }
        DaemonRecord record = live.liveRecord(name.get());
        HostSnapshot snapshot = read();
        return snapshot.withLive(live.collect(record, snapshot.gpus()));
    }
}
