package dev.cumps.core.snapshot;

import dev.cumps.core.gpu.GpuInventory;
import dev.cumps.core.gpu.GpuQuery;
import dev.cumps.core.live.LiveSnapshot;
import dev.cumps.core.live.LiveSnapshotService;
import dev.cumps.core.live.LiveSnapshotService.Detail;
import dev.cumps.core.record.DaemonRecord;
import dev.cumps.core.status.StatusService;
import java.util.Objects;
import java.util.Optional;
import java.util.concurrent.Callable;

/**
 * Reads the {@link HostSnapshot}: the one read of this host behind {@code cumps status [--json]}, {@code metrics},
 * {@code clients}, {@code top}, {@code doctor} and the window's refresh, so that none of them rebuilds the status
 * and live glue, walks the control pipes twice or asks {@code nvidia-smi} twice.
 */
public final class HostSnapshotService {
    private final StatusService status;
    private final LiveSnapshotService live;

    public HostSnapshotService(StatusService status, LiveSnapshotService live) {
        this.status = Objects.requireNonNull(status, "status");
        this.live = Objects.requireNonNull(live, "live");
    }

    /**
     * GPUs, records, control pipes and status; with {@link Detail#SERVERS} or {@link Detail#FULL} also the live view
     * of every live daemon and unmanaged pipe, asking what {@code detail} names, around the same {@code nvidia-smi}
     * query. {@link Detail#NONE}: {@code cumps status}, the window's refresh; {@code SERVERS}: the doctor;
     * {@code FULL}: {@code status --json}, {@code metrics}, {@code clients}, {@code top}.
     *
     * @throws java.util.concurrent.CancellationException when interrupted while nvidia-smi was queried
     */
    public HostSnapshot read(Detail detail) {
        if (detail == Detail.NONE) {
            GpuInventory gpus = status.gpus();
            return new HostSnapshot(gpus, status.collect(gpus, status.records()), Optional.empty());
        }
        // The GPU query and the daemons' questions need nothing from each other: the query runs on its own
        // thread while the records and pipes are read and the daemons asked; the live view waits for it only at its
        // end. Nothing on the way here, nor on the query's way to starting nvidia-smi, is a lambda: a run's first
        // lambda costs the JVM a method-handle class spun at run time (a few ms of CPU), which then overlaps
        // nvidia-smi instead of delaying its start (docs/performance.md, round nine).
        GpuQuery gpus = GpuQuery.start(new GpusOf(status), "cumps-gpu-query");
        StatusService.Records records = status.records();
        LiveSnapshot view = live.collect(records.live(), records.unmanagedPipes(), gpus, detail);
        GpuInventory inventory = gpus.get();
        return new HostSnapshot(inventory, status.collect(inventory, records), Optional.of(view));
    }

    /** {@code status.gpus()} as the GPU query's task: a class, not {@code status::gpus} (see {@link #read(Detail)}). */
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
     * {@code read(Detail.FULL)}, or with {@code name} the host without the daemons and the live view of that daemon
     * alone ({@code clients --name}, {@code top --name}): the caller's live record, else an error saying what to do,
     * raised before anything is queried.
     */
    public HostSnapshot readLive(Optional<String> name) {
        if (name.isEmpty()) {
            return read(Detail.FULL);
        }
        DaemonRecord record = live.liveRecord(name.get());
        HostSnapshot snapshot = read(Detail.NONE);
        return snapshot.withLive(live.collect(record, snapshot.gpus()));
    }
}
