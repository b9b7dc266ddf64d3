package dev.cumps.core.cli.text;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.cumps.core.doctor.CheckStatus;
import dev.cumps.core.doctor.DoctorReport;
import dev.cumps.core.live.ClientProcess;
import dev.cumps.core.live.DaemonSnapshot;
import dev.cumps.core.live.GpuLoad;
import dev.cumps.core.live.LiveSnapshot;
import dev.cumps.core.live.MpsServer;
import dev.cumps.core.mps.MpsLimits;
import dev.cumps.core.proc.ProcessOwner;
import dev.cumps.core.record.DaemonRecord;
import dev.cumps.core.record.ManagedDaemon;
import dev.cumps.core.record.RecordState;
import dev.cumps.core.testing.FakeGpu;
import dev.cumps.core.testing.Sandbox;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.OptionalInt;
import java.util.OptionalLong;
import java.util.Set;
import java.util.regex.Pattern;
import java.util.stream.Collectors;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/**
 * The Prometheus exposition of {@code cumps metrics}: names with units, HELP and TYPE once per
 * family before its samples, label values escaped as the format says, bytes from MiB, a ratio from
 * percent, unknown values left out, and the doctor's verdict.
 */
class MetricsTextTest {
    private static final String GPU0 = FakeGpu.uuidFor(0);
    /** A sample line of the text format: name, optional labels, a number. */
    private static final Pattern SAMPLE = Pattern.compile("[a-zA-Z_:][a-zA-Z0-9_:]*(\\{[a-z_]+=\"([^\"\\\\\\n]|\\\\[\\\\\"n])*\""
            + "(,[a-z_]+=\"([^\"\\\\\\n]|\\\\[\\\\\"n])*\")*})? -?[0-9]+(\\.[0-9]+)?");

    private final Sandbox sb = new Sandbox();

    @AfterEach
    void cleanUp() {
        sb.close();
    }

    private static DaemonRecord record(String name, MpsLimits limits) {
        return new DaemonRecord(name, 1000, "h", "single_gpu", List.of(GPU0), Path.of("/tmp/p-" + name), Path.of("/tmp/l-" + name),
                4_100_000L, 7, 1764410000.25).withLimits(limits);
    }

    private String render(Path pipe, String user, OptionalLong memoryMiB) {
        List<ManagedDaemon> daemons = List.of(new ManagedDaemon(record("busy", new MpsLimits(OptionalInt.of(25), OptionalLong.of(8192))),
                RecordState.LIVE), new ManagedDaemon(record("old", MpsLimits.NONE), RecordState.STALE));
        ClientProcess client = new ClientProcess(4_170_001L, Optional.of(new ProcessOwner(1000, user)), Optional.of(List.of("python3")),
                OptionalLong.of(9), OptionalLong.of(3), List.of(GPU0), memoryMiB);
        MpsServer server = new MpsServer(4_160_001L, Optional.of(new ProcessOwner(1000, user)), OptionalLong.of(8), Optional.of("ACTIVE"),
                List.of(client));
        LiveSnapshot live = new LiveSnapshot(List.of(new GpuLoad(0, GPU0, OptionalInt.of(12), OptionalLong.of(1536), OptionalLong.of(81559)),
                new GpuLoad(1, FakeGpu.uuidFor(1), OptionalInt.empty(), OptionalLong.empty(), OptionalLong.empty())),
                List.of(new DaemonSnapshot(Optional.of("busy"), pipe, DaemonSnapshot.State.ANSWERING, Optional.empty(), List.of(server)),
                        new DaemonSnapshot(Optional.empty(), Path.of("/tmp/nvidia-mps"), DaemonSnapshot.State.NOT_ANSWERING,
                                Optional.empty(), List.of())),
                List.of());
        DoctorReport doctor = sb.services().doctor().run(Optional.empty());
        return MetricsText.render(daemons, 2, live, doctor);
    }

    private static List<String> samples(String text, String name) {
        return text.lines().filter(l -> l.startsWith(name + "{") || l.startsWith(name + " ")).toList();
    }

    @Test
    void everyFamilyIsAGaugeNamedCumpsWithHelpAndTypeBeforeItsSamples() {
        String text = render(Path.of("/tmp/pipe"), "alice", OptionalLong.of(1024));
        Map<String, Integer> typeLine = new LinkedHashMap<>();
        List<String> lines = text.lines().toList();
        for (int i = 0; i < lines.size(); i++) {
            String line = lines.get(i);
            if (line.startsWith("# TYPE ")) {
                String[] parts = line.split(" ");
                assertEquals("gauge", parts[3], line);
                assertTrue(parts[2].startsWith("cumps_"), line);
                assertEquals("# HELP " + parts[2] + " ", lines.get(i - 1).substring(0, 8 + parts[2].length()), "HELP first: " + line);
                assertEquals(null, typeLine.put(parts[2], i), "one TYPE per family: " + line);
            } else if (!line.startsWith("# HELP ")) {
                assertTrue(SAMPLE.matcher(line).matches(), "a sample line of the format: " + line);
                String name = line.split("[{ ]")[0];
                assertTrue(typeLine.containsKey(name), "sample after its family's TYPE: " + line);
                assertEquals(name, lines.get(typeLine.get(name)).split(" ")[2]);
            }
        }
        Set<String> units = typeLine.keySet().stream().filter(n -> n.contains("memory") || n.contains("utilization"))
                .collect(Collectors.toSet());
        assertTrue(units.stream().allMatch(n -> n.endsWith("_bytes") || n.endsWith("_ratio")), units.toString());
        assertTrue(text.endsWith("\n"));
    }

    @Test
    void valuesAreInBytesAndRatiosAndUnknownOnesAreLeftOut() {
        String text = render(Path.of("/tmp/pipe"), "alice", OptionalLong.of(1024));

        assertEquals(List.of("cumps_daemon_up{daemon=\"busy\",gpu=\"" + GPU0 + "\",state=\"live\"} 1",
                "cumps_daemon_up{daemon=\"old\",gpu=\"" + GPU0 + "\",state=\"stale\"} 0"), samples(text, "cumps_daemon_up"));
        assertEquals(List.of("cumps_records_unreadable 2"), samples(text, "cumps_records_unreadable"));
        assertEquals(List.of("cumps_client_gpu_memory_bytes{daemon=\"busy\",pipe=\"/tmp/pipe\",server_pid=\"4160001\",pid=\"4170001\","
                + "user=\"alice\"} 1073741824"), samples(text, "cumps_client_gpu_memory_bytes"));
        assertEquals(List.of("cumps_gpu_utilization_ratio{gpu=\"" + GPU0 + "\",index=\"0\"} 0.12"), samples(text, "cumps_gpu_utilization_ratio"));
        assertEquals(List.of("cumps_gpu_memory_used_bytes{gpu=\"" + GPU0 + "\",index=\"0\"} 1610612736"),
                samples(text, "cumps_gpu_memory_used_bytes"), "GPU 1's [N/A] has no sample");
        assertEquals(List.of("cumps_gpu_memory_total_bytes{gpu=\"" + GPU0 + "\",index=\"0\"} 85520809984"),
                samples(text, "cumps_gpu_memory_total_bytes"));
        assertEquals(List.of("cumps_daemon_active_thread_percent{daemon=\"busy\"} 25"), samples(text, "cumps_daemon_active_thread_percent"));
        assertEquals(List.of("cumps_daemon_pinned_memory_limit_bytes{daemon=\"busy\"} 8589934592"),
                samples(text, "cumps_daemon_pinned_memory_limit_bytes"));
        assertEquals(List.of("cumps_mps_servers{daemon=\"busy\",pipe=\"/tmp/pipe\"} 1",
                "cumps_mps_servers{daemon=\"\",pipe=\"/tmp/nvidia-mps\"} 0"), samples(text, "cumps_mps_servers"));
        assertEquals(List.of("cumps_mps_clients{daemon=\"busy\",pipe=\"/tmp/pipe\"} 1",
                "cumps_mps_clients{daemon=\"\",pipe=\"/tmp/nvidia-mps\"} 0"), samples(text, "cumps_mps_clients"));
        assertEquals(List.of("cumps_daemon_answering{daemon=\"busy\",pipe=\"/tmp/pipe\",state=\"answering\"} 1",
                "cumps_daemon_answering{daemon=\"\",pipe=\"/tmp/nvidia-mps\",state=\"not_answering\"} 0"), samples(text, "cumps_daemon_answering"));

        assertEquals(List.of(), samples(render(Path.of("/tmp/pipe"), "alice", OptionalLong.empty()), "cumps_client_gpu_memory_bytes"),
                "a client nvidia-smi does not list has no memory sample, not 0");
    }

    @Test
    void theDoctorsVerdictAndCountsAreGiven() {
        // No --gpus on a sandbox without GPUs: the doctor fails (nvidia-smi lists none), so the verdict is 2.
        String text = render(Path.of("/tmp/pipe"), "alice", OptionalLong.of(1));
        DoctorReport doctor = sb.services().doctor().run(Optional.empty());
        assertEquals(List.of("cumps_doctor_verdict " + (doctor.valid() ? doctor.count(CheckStatus.WARN) > 0 ? 1 : 0 : 2)),
                samples(text, "cumps_doctor_verdict"));
        assertEquals(4, samples(text, "cumps_doctor_checks").size());
        assertTrue(samples(text, "cumps_doctor_checks").contains("cumps_doctor_checks{status=\"fail\"} "
                + doctor.count(CheckStatus.FAIL)));
    }

    @Test
    void labelValuesEscapeBackslashQuoteAndLineFeed() {
        String text = render(Path.of("/tmp/a\\b\"c\nd"), "eve\"\\\n", OptionalLong.of(1));

        assertTrue(text.contains("pipe=\"/tmp/a\\\\b\\\"c\\nd\""), text);
        assertTrue(text.contains("user=\"eve\\\"\\\\\\n\""), text);
        assertFalse(text.lines().anyMatch(l -> l.startsWith("d\"") || l.startsWith("\"")), "no value breaks a line: " + text);
        assertEquals("a\\\\b\\\"c\\nd", Prometheus.escapeLabel("a\\b\"c\nd"));
        assertEquals("x\\\\y\\nz \"q\"", Prometheus.escapeHelp("x\\y\nz \"q\""));
    }

    @Test
    void badOrRepeatedNamesAreRefused() {
        assertThrows(IllegalArgumentException.class, () -> new Prometheus().gauge("cumps-daemon", "h"));
        assertThrows(IllegalArgumentException.class, () -> new Prometheus().gauge("cumps_x", "h").gauge("cumps_x", "h"));
        assertThrows(IllegalArgumentException.class, () -> new Prometheus().gauge("cumps_x", "h").sample(Map.of("__name", "v"), 1));
    }
}
