package dev.cumps.core.fleet;

import dev.cumps.core.fleet.HostReport.HostSummary;
import dev.cumps.core.status.HostStatus;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/** {@code cumps fleet status} as JSON (one document keyed by host) and as one line per host. */
public final class FleetJson {
    private FleetJson() {
    }

    public static Map<String, Object> toJsonMap(List<HostReport> reports) {
        Map<String, Object> hosts = new LinkedHashMap<>();
        for (HostReport r : reports) {
            Map<String, Object> h = new LinkedHashMap<>();
            h.put("state", r.state().id());
            h.put("answered", r.answered());
            h.put("message", r.stateMessage().english());
            h.put("evidence", r.evidence().isEmpty() ? null : r.evidence());
            h.put("cumps_version", r.cumpsVersion().orElse(null));
            h.put("read_at", r.readAt().toString());
            h.put("took_ms", r.took().toMillis());
            h.put("status", r.summary().map(HostSummary::document).orElse(null));
            hosts.put(r.host().value(), h);
        }
        Map<String, Object> map = new LinkedHashMap<>();
        map.put("schema_version", HostStatus.SCHEMA_VERSION);
        map.put("hosts", hosts);
        return map;
    }

    /**
     * {@code gpu3  reachable  cumps=1.0 driver=550.54.15 gpus=2 live=1 stale=0 train=live} (key=value, for grep and awk),
     * or the state in words and its evidence.
     */
    public static String line(HostReport r, int width) {
        StringBuilder sb = new StringBuilder(String.format("%-" + Math.max(1, width) + "s  ", r.host().value()));
        if (r.summary().isPresent()) {
            HostSummary s = r.summary().get();
            sb.append(r.stateMessage().english())
                    .append("  cumps=").append(r.cumpsVersion().orElse("?"))
                    .append(" driver=").append(s.driverVersion().orElse("?"))
                    .append(" gpus=").append(s.gpus().size())
                    .append(" live=").append(s.live())
                    .append(" stale=").append(s.stale());
            s.daemons().forEach(d -> sb.append(' ').append(d.name()).append('=').append(d.state()));
        } else {
            sb.append(r.stateMessage().english());
            if (!r.evidence().isEmpty()) {
                sb.append(" (").append(r.evidence()).append(')');
            }
        }
        return sb.toString();
    }
}
