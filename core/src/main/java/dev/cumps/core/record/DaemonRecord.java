package dev.cumps.core.record;

import dev.cumps.core.proc.ProcessIdentity;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * What {@code <root>/<name>/daemon.json} holds, field for field as uni-cumps writes it. The pair
 * (pid, processStartTicks) is the daemon's identity; a pid alone is never authority.
 *
 * @param createdAt epoch seconds with a fraction, as Python's {@code time.time()}
 */
public record DaemonRecord(String name, int uid, String host, String topologyMode, List<String> gpuUuids,
                           Path pipeDirectory, Path logDirectory, long pid, long processStartTicks, double createdAt) {
    public DaemonRecord {
        gpuUuids = List.copyOf(gpuUuids);
    }

    public ProcessIdentity identity() {
        return new ProcessIdentity(pid, processStartTicks);
    }

    public String firstGpu() {
        return gpuUuids.isEmpty() ? "" : gpuUuids.get(0);
    }

    /** The record as uni-cumps's JSON object (the writer sorts the keys). */
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
        return map;
    }
}
