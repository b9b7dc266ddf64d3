package dev.cumps.core.doctor;

import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.Map;

/**
 * What the product could fix itself about a finding, and exactly which thing: a stale record, an
 * extra live daemon on a GPU, an orphaned control socket or a stale pid file of the caller's. A check
 * names the target; the fix service ({@code dev.cumps.core.fix}) describes it, re-checks it right
 * before, and applies it through the same verified operation as the CLI. The doctor itself never
 * changes anything.
 */
public sealed interface FixTarget {
    /** The stable id of the kind of fix, as in JSON ({@code remove_stale_record}). */
    String kind();

    /** The target as JSON: the kind and what it names. */
    Map<String, Object> toJsonMap();

    /** A record whose pid no longer runs with the recorded start time. */
    record StaleRecord(String name, long pid, long startTicks) implements FixTarget {
        @Override
        public String kind() {
            return "remove_stale_record";
        }

        @Override
        public Map<String, Object> toJsonMap() {
            Map<String, Object> m = base(kind());
            m.put("name", name);
            m.put("pid", pid);
            m.put("start_ticks", startTicks);
            return m;
        }
    }

    /** A live managed daemon on a GPU that an older live managed daemon already serves: the newer one is the extra. */
    record ExtraDaemon(String name, long pid, long startTicks, String gpuUuid, String keptName) implements FixTarget {
        @Override
        public String kind() {
            return "stop_extra_daemon";
        }

        @Override
        public Map<String, Object> toJsonMap() {
            Map<String, Object> m = base(kind());
            m.put("name", name);
            m.put("pid", pid);
            m.put("start_ticks", startTicks);
            m.put("gpu_uuid", gpuUuid);
            m.put("kept", keptName);
            return m;
        }
    }

    /** A control socket in a private pipe directory of the caller that no live record names and no daemon serves. */
    record OrphanedSocket(Path socket) implements FixTarget {
        @Override
        public String kind() {
            return "remove_orphaned_socket";
        }

        @Override
        public Map<String, Object> toJsonMap() {
            Map<String, Object> m = base(kind());
            m.put("path", socket.toString());
            return m;
        }
    }

    /** A pid file in a private pipe directory of the caller naming a process that is gone or is no MPS control daemon. */
    record StalePidFile(Path pidFile, long pid) implements FixTarget {
        @Override
        public String kind() {
            return "remove_stale_pid_file";
        }

        @Override
        public Map<String, Object> toJsonMap() {
            Map<String, Object> m = base(kind());
            m.put("path", pidFile.toString());
            m.put("pid", pid);
            return m;
        }
    }

    private static Map<String, Object> base(String kind) {
        Map<String, Object> m = new LinkedHashMap<>();
        m.put("kind", kind);
        return m;
    }
}
