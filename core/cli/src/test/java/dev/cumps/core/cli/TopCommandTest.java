package dev.cumps.core.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.cumps.core.cli.CliRuns.Run;
import dev.cumps.core.proc.ProcessOwner;
import dev.cumps.core.record.DaemonRecord;
import dev.cumps.core.testing.FakeGpu;
import dev.cumps.core.testing.Sandbox;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * {@code cumps top} in-process over the fake host: one frame with the daemon's clients and their
 * memory, {@code --once --json} in the shape of {@code cumps clients --json}, the usage errors, and
 * the fast path printing what picocli prints. (The refresh loop and {@code q}: {@code TopLoopTest};
 * the real program with real stand-ins: {@code TopE2eTest}.)
 */
class TopCommandTest {
    private Sandbox sb;

    @BeforeEach
    void setUp() {
        sb = new Sandbox();
        sb.mps.gpus(FakeGpu.exclusive(0), FakeGpu.exclusive(1));
    }

    @AfterEach
    void cleanUp() {
        sb.close();
    }

    private Run cumps(String... args) {
        return CliRuns.cli(sb, args);
    }

    private Run picocli(String... args) {
        return CliRuns.picocli(sb, args);
    }

    private Integer fast(String... args) {
        return CliRuns.fast(sb, args);
    }

    /** A live daemon "busy" with one server and one client of 1024 MiB. */
    private DaemonRecord busy() {
        Path run = sb.dir.resolve("x").resolve("busy");
        DaemonRecord record = sb.services().starter().start(Sandbox.request("0", "busy", run.resolve("p"), run.resolve("l")), stage -> { });
        sb.mps.serverList("4190500\n").reply("get_server_status 4190500", "ACTIVE\n")
                .reply("get_client_list 4190500", "4190600\n")
                .computeApps("4190600, " + FakeGpu.uuidFor(0) + ", 1024\n");
        sb.processes.put(4_190_500L, "nvidia-cuda-mps-server", 2000);
        sb.processes.describe(4_190_500L, new ProcessOwner(sb.uid, "operator"), List.of("nvidia-cuda-mps-server"));
        sb.processes.put(4_190_600L, "python", 3000);
        sb.processes.describe(4_190_600L, new ProcessOwner(sb.uid, "operator"), List.of("python", "train.py", "--epochs", "3"));
        sb.processes.ticksSinceBoot(3000 + 100 * 3725);
        return record;
    }

    @Test
    void onceShowsTheDaemonItsServerAndItsClientWithMemory() {
        DaemonRecord record = busy();
        Run run = cumps("top", "--once");
        assertEquals(0, run.code(), run.err());
        assertEquals("", run.err());
        String daemonRow = run.out().lines().filter(l -> l.startsWith("  busy ") && l.contains("answering")).findFirst().orElseThrow();
        assertTrue(daemonRow.contains(" " + record.pid() + " ") && daemonRow.contains(FakeGpu.uuidFor(0)), daemonRow);
        String clientRow = run.out().lines().filter(l -> l.contains("4190600")).findFirst().orElseThrow();
        assertTrue(clientRow.matches("  busy +4190500 +4190600 +operator +1024 MiB +1h02m05s +python train.py --epochs 3"), clientRow);
        assertTrue(!run.out().contains("\033"), "one frame on a pipe carries no terminal codes");
    }

    @Test
    void onceJsonIsTheSnapshotOfClientsJson() {
        busy();
        Run top = cumps("top", "--once", "--json");
        assertEquals(0, top.code(), top.err());
        assertEquals(cumps("clients", "--json").out(), top.out());
        assertTrue(top.out().contains("\"gpu_memory_mib\": 1024"), top.out());
    }

    @Test
    void withoutDaemonsItShowsTheGpusAndSaysSo() {
        Run run = cumps("top", "--once");
        assertEquals(0, run.code(), run.err());
        assertTrue(run.out().contains(FakeGpu.uuidFor(1)), run.out());
        assertTrue(run.out().endsWith("\nno live daemons\n"), run.out());
    }

    @Test
    void jsonWithoutOnceIsAUsageError() {
        Run run = cumps("top", "--json");
        assertEquals(2, run.code());
        assertEquals("", run.out());
        assertEquals("error: --json prints one snapshot and needs --once: run `cumps top --once --json` (see `cumps --help`)\n",
                run.err());
    }

    @ParameterizedTest
    @ValueSource(strings = {"0", "0.4", "3601", "-1", "abc", "1e3", "2s", "", " 2", "0.5.1"})
    void intervalOutsideHalfASecondToAnHourIsAUsageError(String interval) {
        Run run = cumps("top", "--once", "--interval", interval);
        assertEquals(2, run.code(), run.out());
        assertEquals("", run.out());
        assertEquals("error: --interval expects seconds from 0.5 to 3600 (for example 2 or 0.5), got '" + interval
                + "' (see `cumps --help`)\n", run.err());
    }

    @ParameterizedTest
    @ValueSource(strings = {"0.5", "2", "3600", "1.25"})
    void intervalInRangeIsAccepted(String interval) {
        Run run = cumps("top", "--once", "--interval", interval);
        assertEquals(0, run.code(), run.err());
        assertTrue(run.out().startsWith("GPUs\n"), run.out());
    }

    @Test
    void missingDaemonIsOneErrorLine() {
        Run run = cumps("top", "--once", "--name", "missing");
        assertEquals(1, run.code());
        assertEquals(1, run.err().lines().count(), run.err());
        assertTrue(run.err().startsWith("error: "), run.err());
    }

    @Test
    void fastPathPrintsWhatPicocliPrints() {
        busy();
        List<List<String>> forms = List.of(List.of("top", "--once"), List.of("top", "--once", "--json"),
                List.of("top", "--json", "--once", "--name", "busy"), List.of("top", "--once", "--interval", "0.5", "--name=busy"),
                List.of("top", "--once", "--name", "missing"));
        for (List<String> form : forms) {
            String[] args = form.toArray(String[]::new);
            assertNotNull(fast(args), "the fast path takes " + form);
            assertEquals(picocli(args), cumps(args), "same result for " + form);
        }
        List<List<String>> left = List.of(List.of("top", "--json"), List.of("top", "--once", "--interval", "0.1"),
                List.of("top", "--once", "--once"), List.of("top", "--once", "--shell", "fish"), List.of("status", "--once"),
                List.of("top", "--once", "--interval"), List.of("env", "--interval", "2"));
        for (List<String> form : left) {
            assertNull(fast(form.toArray(String[]::new)), "picocli parses " + form);
        }
    }
}
