package dev.cumps.core.live;

import dev.cumps.core.message.Message;
import dev.cumps.core.mps.MpsLimits;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * Limits as JSON ({@code cumps limits --json}): per daemon what its record says and what the daemon
 * reports now; a value not set is {@code null}, a daemon that did not answer has {@code current}
 * {@code null} and a {@code problem}. docs/cli.md describes every key.
 */
public final class LimitsJson {
    private LimitsJson() {
    }

    public static Map<String, Object> toJsonMap(List<DaemonLimits> daemons) {
        Map<String, Object> map = new LinkedHashMap<>();
        map.put("daemons", daemons.stream().map(LimitsJson::daemon).toList());
        return map;
    }

    private static Map<String, Object> daemon(DaemonLimits d) {
        Map<String, Object> m = new LinkedHashMap<>();
        m.put("name", d.name());
        m.put("recorded", recorded(d.recorded()));
        m.put("current", d.current().map(LimitsJson::current).orElse(null));
        m.put("servers", d.servers().stream().map(s -> {
            Map<String, Object> server = new LinkedHashMap<>();
            server.put("pid", s.pid());
            server.putAll(current(s.current()));
            return server;
        }).toList());
        m.put("differs_from_record", d.differsFromRecord());
        m.put("problem", d.problem().map(Message::english).orElse(null));
        return m;
    }

    /** The recorded limits: the percentage as an integer, the size as {@code 8G}; {@code null} when not set. */
    public static Map<String, Object> recorded(MpsLimits limits) {
        Map<String, Object> m = new LinkedHashMap<>();
        m.put("active_thread_percentage", limits.activeThreadPercentage().isPresent() ? (Object) (long) limits.activeThreadPercentage().getAsInt()
                : null);
        m.put("pinned_device_mem_limit", limits.pinnedMemLimitText().orElse(null));
        return m;
    }

    private static Map<String, Object> current(CurrentLimits c) {
        Map<String, Object> m = new LinkedHashMap<>();
        m.put("active_thread_percentage", c.activeThreadPercentage().isPresent() ? (Object) c.activeThreadPercentage().getAsDouble() : null);
        m.put("pinned_device_mem_limit", c.pinnedMemLimitText().orElse(null));
        m.put("pinned_device_mem_limit_supported", c.pinnedMemLimitSupported());
        return m;
    }
}
