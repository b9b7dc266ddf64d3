package dev.cumps.core.snapshot;

import dev.cumps.core.gpu.GpuInventory;
import dev.cumps.core.live.DaemonSnapshot;
import dev.cumps.core.live.LiveJson;
import dev.cumps.core.live.LiveSnapshot;
import dev.cumps.core.mps.MpsLimits;
import dev.cumps.core.record.DaemonRecord;
import dev.cumps.core.record.ManagedDaemon;
import dev.cumps.core.status.HostStatus;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;

/**
 * One read of this host: the GPUs of one {@code nvidia-smi} query, the status built around them
 * (records with their liveness, control pipes, modes), and, when asked for, the live view of every
 * live daemon and unmanaged pipe (servers, clients, GPU load) around the same query. Each part is
 * bounded: {@code nvidia-smi} by its timeout, the daemons by the live budget. The JSON documents of
 * {@code status --json}, {@code top --once --json} and {@code clients --json} are written from it here
 * ({@link #statusDocument()}, {@link #topDocument()}, {@link #clientsDocument()}); the fleet reads the first
 * back ({@code fleet.StatusDocument}).
 *
 * @param gpus   the one GPU query every part was built from
 * @param status records, pipes and GPUs as {@code cumps status} shows them
 * @param live   the live view; empty when the read did not ask the daemons
 */
public record HostSnapshot(GpuInventory gpus, HostStatus status, Optional<LiveSnapshot> live) {
    public HostSnapshot {
        Objects.requireNonNull(gpus, "gpus");
        Objects.requireNonNull(status, "status");
        Objects.requireNonNull(live, "live");
    }

    /** This snapshot with the live view {@code view}. */
    public HostSnapshot withLive(LiveSnapshot view) {
        return new HostSnapshot(gpus, status, Optional.of(view));
    }

    /** The records whose daemon runs (pid and start time match). */
    public List<DaemonRecord> liveRecords() {
        return status.daemons().stream().filter(ManagedDaemon::live).map(ManagedDaemon::record).toList();
    }

    /** The live view; an {@link IllegalStateException} when the read did not ask the daemons. */
    public LiveSnapshot requireLive() {
        return live.orElseThrow(() -> new IllegalStateException("this snapshot was read without the live view"));
    }

    /**
     * The limits each record of {@code names} says cumps applied, in the records' order (what
     * {@code cumps limits} compares with the daemon's current ones).
     */
    public Map<String, MpsLimits> recordedLimits(List<String> names) {
        Map<String, MpsLimits> recorded = new LinkedHashMap<>();
        status.daemons().stream().map(ManagedDaemon::record).filter(r -> names.contains(r.name()))
                .forEach(r -> recorded.put(r.name(), r.limits()));
        return recorded;
    }

    /**
     * {@code cumps status --json}: uni-cumps's keys as they are ({@link HostStatus#toJsonMap()}), and the live view
     * (servers, clients, GPU load) under {@code "live"} when the read asked the daemons.
     */
    public Map<String, Object> statusDocument() {
        Map<String, Object> map = status.toJsonMap();
        if (live.isPresent()) {
            map.put("live", LiveJson.toJsonMap(live.get()));
        }
        return map;
    }

    /** {@code cumps top --once --json}: the schema version and the live view. */
    public Map<String, Object> topDocument() {
        Map<String, Object> map = new LinkedHashMap<>();
        map.put("schema_version", HostStatus.SCHEMA_VERSION);
        map.putAll(LiveJson.toJsonMap(requireLive()));
        return map;
    }

    /** {@code cumps clients --json}: the schema version and the live view, each daemon with the limits its record names. */
    public Map<String, Object> clientsDocument() {
        LiveSnapshot view = requireLive();
        Map<String, Object> map = new LinkedHashMap<>();
        map.put("schema_version", HostStatus.SCHEMA_VERSION);
        map.putAll(LiveJson.toJsonMap(view, recordedLimits(view)));
        return map;
    }

    /** The limits each named daemon of {@code view} has in its record ({@code cumps clients}' text shows them too). */
    public Map<String, MpsLimits> recordedLimits(LiveSnapshot view) {
        List<String> names = new ArrayList<>();
        for (DaemonSnapshot d : view.daemons()) {
            if (d.name().isPresent()) {
                names.add(d.name().get());
            }
        }
        return recordedLimits(names);
    }
}
