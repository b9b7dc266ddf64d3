package dev.cumps.core.fleet;

import dev.cumps.core.fleet.HostReport.Daemon;
import dev.cumps.core.fleet.HostReport.Gpu;
import dev.cumps.core.fleet.HostReport.HostSummary;
import dev.cumps.core.json.Json;
import dev.cumps.core.message.CumpsException;
import dev.cumps.core.status.HostStatus;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * Reads what a host's {@code cumps --version && cumps status --json} printed: one version line, then
 * one JSON document ({@code snapshot.HostSnapshot.statusDocument()} wrote it) whose {@code schema_version} must be
 * the one this cumps writes ({@link HostStatus#SCHEMA_VERSION}). Anything else is garbage, and a different schema version is
 * named as older or newer rather than half-read.
 */
public final class StatusDocument {
    /** The most a host may print for one read; more is not cumps output. */
    public static final int MAX_BYTES = 4 << 20;

    private StatusDocument() {
    }

    /** The outcome of reading the output: a summary, or the state that says why not. */
    public record Parsed(HostState state, Optional<String> version, Optional<HostSummary> summary, long schemaVersion) {
    }

    public static Parsed parse(String stdout) {
        if (stdout.length() > MAX_BYTES) {
            return garbage();
        }
        int brace = stdout.indexOf("\n{");
        if (brace < 0) {
            return garbage();
        }
        String head = stdout.substring(0, brace).strip();
        Optional<String> version = version(head);
        if (version.isEmpty()) {
            return garbage();
        }
        Object doc;
        try {
            doc = Json.read(stdout.substring(brace + 1));
        } catch (CumpsException e) {
            return garbage();
        }
        if (!(doc instanceof Map<?, ?> map) || !(map.get("schema_version") instanceof Long schema)) {
            return garbage();
        }
        if (schema != HostStatus.SCHEMA_VERSION) {
            return new Parsed(schema < HostStatus.SCHEMA_VERSION ? HostState.SCHEMA_OLDER : HostState.SCHEMA_NEWER, version,
                    Optional.empty(), schema);
        }
        try {
            return new Parsed(HostState.REACHABLE, version, Optional.of(summary(cast(map), schema)), schema);
        } catch (ClassCastException | NullPointerException e) {
            return garbage();
        }
    }

    /** {@code cumps 1.2.3} (and whatever follows on the line) gives {@code 1.2.3}. */
    static Optional<String> version(String head) {
        String line = head.lines().findFirst().orElse("").strip();
        if (!line.startsWith("cumps ")) {
            return Optional.empty();
        }
        String v = line.substring("cumps ".length()).strip().split("\\s+")[0];
        return v.matches("[0-9A-Za-z.+~-]{1,64}") ? Optional.of(v) : Optional.empty();
    }

    private static Parsed garbage() {
        return new Parsed(HostState.GARBAGE, Optional.empty(), Optional.empty(), -1);
    }

    @SuppressWarnings("unchecked")
    private static Map<String, Object> cast(Object o) {
        return (Map<String, Object>) o;
    }

    private static HostSummary summary(Map<String, Object> map, long schema) {
        List<Gpu> gpus = new ArrayList<>();
        for (Object o : (List<?>) map.get("all_gpus")) {
            Map<String, Object> g = cast(o);
            gpus.add(new Gpu((Long) g.get("index"), (String) g.get("uuid"), String.valueOf(g.get("name")),
                    String.valueOf(g.get("compute_mode")), Optional.ofNullable((Long) g.get("memory_total_mib"))));
        }
        List<Daemon> daemons = new ArrayList<>();
        for (Object o : (List<?>) map.get("managed_daemons")) {
            Map<String, Object> d = cast(o);
            List<String> uuids = new ArrayList<>();
            for (Object u : (List<?>) d.get("gpu_uuids")) {
                uuids.add((String) u);
            }
            daemons.add(new Daemon((String) d.get("name"), (String) d.get("record_state"), (Long) d.get("pid"), uuids,
                    Optional.ofNullable((Long) d.get("active_thread_percentage"))));
        }
        return new HostSummary(schema, Optional.ofNullable((String) map.get("driver_version")), List.copyOf(gpus), List.copyOf(daemons),
                Boolean.TRUE.equals(map.get("simulated")), new LinkedHashMap<>(map));
    }

    /** A doctor document's verdict: how many checks failed and warned, or empty when it is not one. */
    public record DoctorVerdict(long failed, long warned, long passed) {
        public boolean healthy() {
            return failed == 0;
        }
    }

    public static Optional<DoctorVerdict> doctorVerdict(String stdout) {
        try {
            if (!(Json.read(stdout.strip()) instanceof Map<?, ?> map) || !(map.get("checks") instanceof List<?> checks)) {
                return Optional.empty();
            }
            long failed = 0;
            long warned = 0;
            long passed = 0;
            for (Object c : checks) {
                Object status = c instanceof Map<?, ?> m ? m.get("status") : null;
                if ("fail".equals(status)) {
                    failed++;
                } else if ("warn".equals(status)) {
                    warned++;
                } else if ("pass".equals(status)) {
                    passed++;
                }
            }
            return Optional.of(new DoctorVerdict(failed, warned, passed));
        } catch (CumpsException e) {
            return Optional.empty();
        }
    }
}
