package dev.cumps.core.record;

import dev.cumps.core.mps.MpsLimits;
import dev.cumps.core.proc.ProcessIdentity;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;

/**
 * What {@code <root>/<name>/daemon.json} holds, field for field as uni-cumps writes it. The pair
 * (pid, processStartTicks) is the daemon's identity; a pid alone is never authority.
 *
 * <p>Beyond uni-cumps's fields, a record may hold the MPS limits cumps applied to the daemon, as
 * optional extra keys that uni-cumps ignores: {@value #ACTIVE_THREAD_PERCENTAGE_KEY} (an integer,
 * 1..100) and {@value #PINNED_MEM_LIMIT_KEY} (a size such as {@code "8G"}); absent when not set.
 *
 * @param createdAt epoch seconds with a fraction, as Python's {@code time.time()}
 * @param limits    the MPS limits applied through cumps; {@link MpsLimits#NONE} when none
 */
public record DaemonRecord(String name, int uid, String host, String topologyMode, List<String> gpuUuids,
                           Path pipeDirectory, Path logDirectory, long pid, long processStartTicks, double createdAt,
                           MpsLimits limits) {
    /** The extra key of the active thread percentage. */
    public static final String ACTIVE_THREAD_PERCENTAGE_KEY = "mps_active_thread_percentage";
    /** The extra key of the pinned device memory limit. */
    public static final String PINNED_MEM_LIMIT_KEY = "mps_pinned_device_mem_limit";

    public DaemonRecord {
        gpuUuids = List.copyOf(gpuUuids);
        Objects.requireNonNull(limits, "limits");
    }

    /** A record without limits, as uni-cumps writes it. */
    public DaemonRecord(String name, int uid, String host, String topologyMode, List<String> gpuUuids,
                        Path pipeDirectory, Path logDirectory, long pid, long processStartTicks, double createdAt) {
        this(name, uid, host, topologyMode, gpuUuids, pipeDirectory, logDirectory, pid, processStartTicks, createdAt,
                MpsLimits.NONE);
    }

    /** This record with {@code newLimits}. */
    public DaemonRecord withLimits(MpsLimits newLimits) {
        return new DaemonRecord(name, uid, host, topologyMode, gpuUuids, pipeDirectory, logDirectory, pid, processStartTicks,
                createdAt, newLimits);
    }

    public ProcessIdentity identity() {
        return new ProcessIdentity(pid, processStartTicks);
    }

    public String firstGpu() {
        return gpuUuids.isEmpty() ? "" : gpuUuids.get(0);
    }

    /** The record as uni-cumps's JSON object plus the limits' extra keys when set (the writer sorts the keys). */
    public Map<String, Object> toJsonMap() {
        Map<String, Object> map = new LinkedHashMap<>();
        map.put("created_at", createdAt);
        map.put("gpu_uuids", gpuUuids);
        map.put("host", host);
        map.put("log_directory", logDirectory.toString());
        map.put("name", name);
        map.put("pid", pid);
        map.put("pipe_directory", pipeDirectory.toString());
        map.put("process_start_ticks", processStartTicks);
        map.put("topology_mode", topologyMode);
        map.put("uid", Integer.toUnsignedLong(uid)); // uid_t is unsigned; the JDK reports it as int bits
        limits.activeThreadPercentage().ifPresent(p -> map.put(ACTIVE_THREAD_PERCENTAGE_KEY, (long) p));
        limits.pinnedMemLimitText().ifPresent(s -> map.put(PINNED_MEM_LIMIT_KEY, s));
        return map;
    }
}
