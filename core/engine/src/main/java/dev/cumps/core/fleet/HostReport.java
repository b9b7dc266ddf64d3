package dev.cumps.core.fleet;

import dev.cumps.core.message.Message;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * What one read of one host found: its state, the evidence (ssh's or cumps's first line, raw), and,
 * when it answered, its cumps version and status summary with the whole status document for the
 * drill-down. {@code readAt} is when the read finished, {@code took} how long it ran.
 */
public record HostReport(Destination host, HostState state, Message stateMessage, String evidence, Optional<String> cumpsVersion,
                         Optional<HostSummary> summary, Instant readAt, Duration took) {
    public HostReport {
        evidence = evidence == null ? "" : evidence;
    }

    /** The GPUs, daemons and pipes a host reported, read from its {@code cumps status --json}. */
    public record HostSummary(long schemaVersion, Optional<String> driverVersion, List<Gpu> gpus, List<Daemon> daemons,
                              boolean simulated, Map<String, Object> document) {
        public long live() {
            return daemons.stream().filter(d -> "live".equals(d.state())).count();
        }

        public long stale() {
            return daemons.stream().filter(d -> !"live".equals(d.state())).count();
        }
    }

    /** One GPU of a host. */
    public record Gpu(long index, String uuid, String name, String computeMode, Optional<Long> memoryTotalMiB) {
    }

    /** One daemon record of a host; {@code state} is its {@code record_state} (live, stale, …). */
    public record Daemon(String name, String state, long pid, List<String> gpuUuids, Optional<Long> activeThreadPercentage) {
    }

    public boolean answered() {
        return state.answered();
    }
}
