package dev.cumps.core.record;

import dev.cumps.core.proc.ProcessTable;
import java.util.List;
import java.util.Objects;

/**
 * Whether a record's daemon still runs: live only when its pid runs with the recorded {@code /proc}
 * start time (a pid alone is never enough). Status, doctor and the lifecycle all ask this one
 * service, so none of them depends on another to know what "live" means.
 */
public final class Liveness {
    private final ProcessTable processes;

    public Liveness(ProcessTable processes) {
        this.processes = Objects.requireNonNull(processes, "processes");
    }

    /** The record with its state: {@link RecordState#LIVE} or {@link RecordState#STALE}. */
    public ManagedDaemon assess(DaemonRecord record) {
        return new ManagedDaemon(record, processes.isAlive(record.identity()) ? RecordState.LIVE : RecordState.STALE);
    }

    /** The live ones among {@code records}, in their order. */
    public List<DaemonRecord> live(List<DaemonRecord> records) {
        return records.stream().filter(r -> assess(r).live()).toList();
    }
}
