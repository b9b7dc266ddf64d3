package dev.cumps.e2e;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assertions.fail;

import dev.cumps.e2e.CumpsHarness.Exec;
import dev.cumps.e2e.CumpsHarness.Run;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;

/**
 * {@code cumps metrics} against the simulated host with two clients attached, checked by Prometheus's
 * own {@code promtool check metrics} (Debian's {@code prometheus} package, installed by
 * {@code .ci/run}). A missing promtool fails the test, naming the package to install.
 */
@ExtendWith(CumpsExtension.class)
class MetricsE2eTest {
    private static final Map<String, String> PLAIN = Map.of("PATH", "/usr/bin:/bin");

    private static Run sim(CumpsHarness h, String... args) {
        List<String> all = new ArrayList<>(List.of("--simulate", "--records", h.records().toString()));
        all.addAll(List.of(args));
        return h.cumps(PLAIN, all.toArray(String[]::new));
    }

    private static Path promtool() {
        for (String dir : List.of("/usr/bin", "/usr/local/bin", "/bin")) {
            Path p = Path.of(dir, "promtool");
            if (Files.isExecutable(p)) {
                return p;
            }
        }
        return fail("promtool is missing: apt-get install prometheus (.ci/run installs it; a missing tool fails, never skips)");
    }

    private static long attach(CumpsHarness h, String daemon, int memory) {
        long pid = Long.parseLong(sim(h, "attach-client", "--name", daemon, "--memory", Integer.toString(memory)).assertOk().stdout().strip());
        h.remember(pid);
        return pid;
    }

    private static Optional<String> sample(String text, String prefix) {
        return text.lines().filter(l -> l.startsWith(prefix)).findFirst();
    }

    @Test
    void metricsWithClientsAttachedPassPromtoolAndShowWhatTheSnapshotShows(CumpsHarness h) {
        Path promtool = promtool();
        sim(h, "start", "--gpus", "0", "--name", "busy", "--active-thread-percentage", "25", "--pinned-mem-limit", "8G").assertOk();
        long first = attach(h, "busy", 1024);
        long second = attach(h, "busy", 256);

        Run metrics = sim(h, "metrics", "--gpus", "0").assertOk();
        String text = metrics.stdout();
        Exec check = h.exec(List.of(promtool.toString(), "check", "metrics"), Map.of(), text);
        assertEquals(0, check.exitCode(), "promtool check metrics: " + check.stdout() + check.stderr() + "\n" + text);
        assertEquals("", (check.stdout() + check.stderr()).strip(), "no lint problem");

        assertEquals(Optional.of("cumps_daemon_up{daemon=\"busy\",gpu=\"" + CumpsHarness.GPU0 + "\",state=\"live\"} 1"),
                sample(text, "cumps_daemon_up{daemon=\"busy\""));
        assertTrue(sample(text, "cumps_mps_clients{daemon=\"busy\"").orElseThrow().endsWith(" 2"), text);
        assertTrue(text.lines().anyMatch(l -> l.startsWith("cumps_client_gpu_memory_bytes{daemon=\"busy\"")
                && l.contains("pid=\"" + first + "\"") && l.endsWith(" 1073741824")), text);
        assertTrue(text.lines().anyMatch(l -> l.startsWith("cumps_client_gpu_memory_bytes{daemon=\"busy\"")
                && l.contains("pid=\"" + second + "\"") && l.endsWith(" 268435456")), text);
        assertEquals(Optional.of("cumps_gpu_memory_used_bytes{gpu=\"" + CumpsHarness.GPU0 + "\",index=\"0\"} 1342177280"),
                sample(text, "cumps_gpu_memory_used_bytes{gpu=\"" + CumpsHarness.GPU0));
        assertEquals(Optional.of("cumps_doctor_verdict 0"), sample(text, "cumps_doctor_verdict "), text);
        assertEquals(Optional.of("cumps_daemon_active_thread_percent{daemon=\"busy\"} 25"), sample(text, "cumps_daemon_active_thread_percent{"));
        assertEquals(Optional.of("cumps_daemon_pinned_memory_limit_bytes{daemon=\"busy\"} 8589934592"),
                sample(text, "cumps_daemon_pinned_memory_limit_bytes{"));

        sim(h, "stop", "--name", "busy").assertOk();
        assertTrue(Procs.awaitGone(first, CumpsHarness.PATIENCE) && Procs.awaitGone(second, CumpsHarness.PATIENCE));
        String after = sim(h, "metrics", "--gpus", "0").assertOk().stdout();
        assertEquals(0, h.exec(List.of(promtool.toString(), "check", "metrics"), Map.of(), after).exitCode(), after);
        assertTrue(after.lines().noneMatch(l -> l.startsWith("cumps_client_gpu_memory_bytes{")), after);
    }
}
