package dev.cumps.core.live;

import dev.cumps.core.message.Message;
import dev.cumps.core.mps.MpsLimits;
import dev.cumps.core.proc.ProcessOwner;
import dev.cumps.core.record.DaemonRecord;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Optional;
import java.util.OptionalInt;
import java.util.OptionalLong;

/**
 * A {@link LiveSnapshot} as JSON (the object of {@code cumps clients --json} and of the {@code live}
 * key of {@code cumps status --json}); unknown values are {@code null}, never zero, and messages
 * are in English. docs/cli.md describes every key.
 */
public final class LiveJson {
    private LiveJson() {
    }

    public static Map<String, Object> toJsonMap(LiveSnapshot snapshot) {
        return toJsonMap(snapshot, Map.of());
    }

    /**
     * The snapshot with each managed daemon's recorded limits ({@code recorded}, by name) under the
     * record's own keys ({@code mps_active_thread_percentage}, {@code mps_pinned_device_mem_limit}),
     * present only when set ({@code cumps clients --json}).
     */
    public static Map<String, Object> toJsonMap(LiveSnapshot snapshot, Map<String, MpsLimits> recorded) {
        Map<String, Object> map = new LinkedHashMap<>();
        map.put("gpus", snapshot.gpus().stream().map(LiveJson::gpu).toList());
        map.put("daemons", snapshot.daemons().stream().map(d -> {
            Map<String, Object> daemon = daemon(d);
            MpsLimits limits = d.name().map(recorded::get).orElse(MpsLimits.NONE);
            limits.activeThreadPercentage().ifPresent(p -> daemon.put(DaemonRecord.ACTIVE_THREAD_PERCENTAGE_KEY, (long) p));
            limits.pinnedMemLimitText().ifPresent(t -> daemon.put(DaemonRecord.PINNED_MEM_LIMIT_KEY, t));
            return daemon;
        }).toList());
        map.put("diagnostic", snapshot.diagnostics().isEmpty() ? null
                : String.join("; ", snapshot.diagnostics().stream().map(Message::english).toList()));
        return map;
    }

    private static Map<String, Object> gpu(GpuLoad load) {
        Map<String, Object> g = new LinkedHashMap<>();
        g.put("index", load.index());
        g.put("uuid", load.uuid());
        g.put("utilization_gpu_percent", value(load.utilizationPercent()));
        g.put("memory_used_mib", value(load.memoryUsedMiB()));
        g.put("memory_total_mib", value(load.memoryTotalMiB()));
        return g;
    }

    private static Map<String, Object> daemon(DaemonSnapshot daemon) {
        Map<String, Object> d = new LinkedHashMap<>();
        d.put("name", daemon.name().orElse(null));
        d.put("managed", daemon.managed());
        d.put("pipe_directory", daemon.pipeDirectory().toString());
        d.put("state", daemon.state().id());
        d.put("problem", daemon.problem().map(Message::english).orElse(null));
        d.put("servers", daemon.servers().stream().map(LiveJson::server).toList());
        // Added for R535, which has no get_server_status (true, false, or null: not asked, no server).
        Map<String, Object> capabilities = new LinkedHashMap<>();
        capabilities.put("get_server_status", daemon.serverStatus().json());
        d.put("capabilities", capabilities);
        return d;
    }

    private static Map<String, Object> server(MpsServer server) {
        Map<String, Object> s = new LinkedHashMap<>();
        s.put("pid", server.pid());
        owner(s, server.owner());
        s.put("start_ticks", value(server.startTicks()));
        s.put("status", server.status().orElse(null));
        s.put("clients", server.clients().stream().map(LiveJson::client).toList());
        return s;
    }

    private static Map<String, Object> client(ClientProcess client) {
        Map<String, Object> c = new LinkedHashMap<>();
        c.put("pid", client.pid());
        c.put("readable", client.readable());
        owner(c, client.owner());
        c.put("command", client.commandLine().map(argv -> String.join(" ", argv)).orElse(null));
        c.put("argv", client.commandLine().orElse(null));
        c.put("start_ticks", value(client.startTicks()));
        c.put("running_seconds", value(client.runningSeconds()));
        c.put("gpu_uuids", client.gpuUuids());
        c.put("gpu_memory_mib", value(client.gpuMemoryMiB()));
        return c;
    }

    private static void owner(Map<String, Object> map, Optional<ProcessOwner> owner) {
        map.put("uid", owner.map(ProcessOwner::uid).orElse(null));
        map.put("user", owner.map(ProcessOwner::user).orElse(null));
    }

    private static Object value(OptionalLong value) {
        return value.isPresent() ? value.getAsLong() : null;
    }

    private static Object value(OptionalInt value) {
        return value.isPresent() ? value.getAsInt() : null;
    }

}
