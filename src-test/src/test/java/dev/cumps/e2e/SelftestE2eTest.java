package dev.cumps.e2e;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import dev.cumps.e2e.CumpsHarness.Run;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;

/**
 * {@code cumps --simulate selftest} as a real process against the simulated host: the whole
 * lifecycle passes with the simulated client, a failing client fails the run and names its step,
 * selectors it cannot test are refused before anything starts, an unsafe report path is refused,
 * and a Ctrl-C cleans up; in every case no daemon, server or client of the run is left running.
 */
@ExtendWith(CumpsExtension.class)
class SelftestE2eTest {
    private static final Pattern DAEMON_LINE = Pattern.compile("^- daemon `(selftest-[0-9a-f]{8})` pid ([0-9]+) start ([0-9]+),",
            Pattern.MULTILINE);
    private static final Pattern SERVER = Pattern.compile("showed server ([0-9]+)");
    private static final List<String> STEPS = List.of("status", "start", "doctor", "env", "client", "stop", "kill-recover",
            "altered-record", "cleanup");

    /** A new user's PATH, without the harness's stand-ins: --simulate brings its own sandbox. */
    private static Map<String, String> plain() {
        return Map.of("PATH", "/usr/bin:/bin");
    }

    private record Started(String name, long pid, long startTicks) {
    }

    private static List<Started> started(String report) {
        List<Started> list = new ArrayList<>();
        Matcher m = DAEMON_LINE.matcher(report);
        while (m.find()) {
            list.add(new Started(m.group(1), Long.parseLong(m.group(2)), Long.parseLong(m.group(3))));
        }
        return list;
    }

    /** The outcome column of each step's row in the report's table, by step id. */
    private static Map<String, String> outcomes(String report) {
        Map<String, String> map = new LinkedHashMap<>();
        Matcher m = Pattern.compile("^\\| [0-9]+ \\| `([a-z-]+)` .*? \\| \\*\\*(PASS|FAIL|SKIP)\\*\\* \\|", Pattern.MULTILINE).matcher(report);
        while (m.find()) {
            map.put(m.group(1), m.group(2));
        }
        return map;
    }

    /** Nothing of the run runs: its daemons (by pid and start time), no record of its name, status lists no daemon. */
    private static void assertNothingLeft(CumpsHarness h, String report) throws IOException {
        List<Started> daemons = started(report);
        assertFalse(daemons.isEmpty(), report);
        for (Started d : daemons) {
            assertTrue(Procs.stat(d.pid()).filter(Procs.Stat::running).filter(s -> s.startTicks() == d.startTicks()).isEmpty(),
                    "daemon pid " + d.pid() + " still runs");
            Path records = h.tmp.resolve("cumps-sim-" + h.uid).resolve("records");
            assertFalse(Files.exists(records.resolve(d.name())), "record " + d.name());
            try (Stream<Path> copies = Files.exists(records.resolve(".stale")) ? Files.list(records.resolve(".stale")) : Stream.empty()) {
                assertEquals(List.of(), copies.filter(p -> p.getFileName().toString().startsWith(d.name() + "-")).toList(),
                        "no quarantined copy of the run's record");
            }
        }
        JsonNode status = h.cumps(plain(), "--simulate", "status", "--json").assertOk().json();
        assertEquals(0, status.get("managed_daemons").size(), status.toString());
        assertEquals(List.of(), h.markedDaemons());
        assertEquals(List.of(), Procs.runningWithEnv(CumpsHarness.MARKER_VARIABLE + "=" + h.marker), "no client of this test runs");
    }

    @Test
    void theWholeLifecyclePassesWithTheSimulatedClientAndNothingIsLeftRunning(CumpsHarness h) throws Exception {
        Path reportFile = h.root.resolve("report.md");
        Run run = h.cumps(plain(), "--simulate", "selftest", "--gpus", "0", "--report", reportFile.toString()).assertOk();

        String report = Files.readString(reportFile);
        Map<String, String> outcomes = outcomes(report);
        assertEquals(STEPS, List.copyOf(outcomes.keySet()), report);
        outcomes.forEach((step, outcome) -> assertEquals("PASS", outcome, step + "\n" + report));
        assertTrue(report.contains("**PASSED**"), report);
        assertTrue(report.contains("| simulated host | yes (--simulate) |"), report);
        for (String step : STEPS) {
            assertTrue(run.stdout().contains("PASS  " + step), run.toString());
        }
        assertTrue(run.stdout().contains("report: " + reportFile), run.toString());
        List<Started> daemons = started(report);
        assertEquals(3, daemons.size(), "started, killed, recovered: " + report);
        Matcher server = SERVER.matcher(report);
        assertTrue(server.find(), report);
        assertFalse(Procs.running(Long.parseLong(server.group(1))), "the MPS server the client used is gone");
        assertNothingLeft(h, report);
    }

    /**
     * Without {@code --client} the self-test probes {@code python3 -c 'import torch'};
     * Python searches the working directory first, so a {@code torch.py} planted in a shared folder
     * ran as the caller. cumps runs in the test's folder, which holds such a planted module.
     */
    @Test
    void withoutAClientATorchModulePlantedInTheWorkingDirectoryNeverRuns(CumpsHarness h) throws Exception {
        Path marker = h.root.resolve("planted-torch-ran");
        Files.writeString(h.root.resolve("torch.py"), "open('" + marker + "', 'w').write('ran as the caller')\n");
        Path reportFile = h.root.resolve("planted.md");

        Run run = h.cumps("selftest", "--gpus", "0", "--report", reportFile.toString());

        String report = Files.readString(reportFile);
        assertFalse(Files.exists(marker), "the planted torch.py ran:\n" + run + "\n" + report);
        assertTrue(report.contains("import torch"), "the PyTorch probe ran: " + report);
        assertEquals(List.of(), h.markedDaemons());
    }

    @Test
    void aFailingClientFailsTheRunNamingItsStepAndStillLeavesNothingRunning(CumpsHarness h) throws Exception {
        Path reportFile = h.root.resolve("failed.md");
        Run run = h.cumps(plain(), "--simulate", "selftest", "--gpus", "0", "--client", "/bin/false", "--report", reportFile.toString());

        assertEquals(1, run.exitCode(), run.toString());
        // stderr: the crash drill's log line (the killed daemon's stale record moved aside), then one error line.
        List<String> lines = run.stderr().lines().toList();
        String line = lines.get(lines.size() - 1);
        assertTrue(lines.subList(0, lines.size() - 1).stream().allMatch(l -> l.startsWith("cumps: INFO: moved stale record selftest-")),
                run.toString());
        assertFalse(run.stderr().contains("Exception"), run.toString());
        assertTrue(line.startsWith("error: self-test failed at client"), line);
        assertTrue(line.contains(reportFile.toString()), line);
        assertTrue(run.stdout().contains("FAIL  client"), run.toString());
        String report = Files.readString(reportFile);
        assertEquals("FAIL", outcomes(report).get("client"), report);
        assertEquals("PASS", outcomes(report).get("cleanup"), report);
        assertTrue(report.contains("**FAILED**"), report);
        assertTrue(report.contains("client (--client, run by /bin/sh -c): /bin/false"), report);
        assertNothingLeft(h, report);
    }

    @Test
    void severalGpusAllAndMigAreRefusedBeforeAnythingStarts(CumpsHarness h) throws Exception {
        Path reportFile = h.root.resolve("refused.md");
        for (String selector : List.of("0,1", "all")) {
            String line = h.cumps(plain(), "--simulate", "selftest", "--gpus", selector, "--report", reportFile.toString())
                    .assertOneLineError();
            assertFalse(line.isBlank());
        }
        Map<String, String> mig = new HashMap<>(plain());
        mig.put("CUMPS_SIM_MIG", "Enabled");
        String line = h.cumps(mig, "--simulate", "selftest", "--gpus", "0", "--report", reportFile.toString()).assertOneLineError();
        assertTrue(line.contains("MIG"), line);
        assertFalse(Files.exists(reportFile), "a refused run writes no report");
        assertEquals(0, h.cumps(plain(), "--simulate", "status", "--json").assertOk().json().get("managed_daemons").size());
        Run usage = h.cumps(plain(), "--simulate", "selftest");
        assertEquals(2, usage.exitCode(), usage.toString());
    }

    @Test
    void aReportPathThatIsALinkIsRefusedAndNothingIsWrittenThroughIt(CumpsHarness h) throws Exception {
        Path victim = h.root.resolve("victim.txt");
        Files.writeString(victim, "keep me\n");
        Path link = h.root.resolve("link.md");
        Files.createSymbolicLink(link, victim);

        String line = h.cumps(plain(), "--simulate", "selftest", "--gpus", "0", "--report", link.toString()).assertOneLineError();
        assertTrue(line.contains("symbolic link"), line);
        assertEquals("keep me\n", Files.readString(victim));
        assertTrue(Files.isSymbolicLink(link));
        assertEquals(0, h.cumps(plain(), "--simulate", "status", "--json").assertOk().json().get("managed_daemons").size());
    }

    @Test
    void ctrlCDuringTheClientCleansUpAndStillWritesTheReport(CumpsHarness h) throws Exception {
        Path reportFile = h.root.resolve("interrupted.md");
        Path out = h.root.resolve("st.out");
        Map<String, String> env = new HashMap<>(plain());
        env.put(CumpsHarness.DEFAULT_SIGINT, "");
        Process cumps = h.start(env, out, h.root.resolve("st.err"), "--simulate", "selftest", "--gpus", "0",
                "--client", "exec sleep 600", "--report", reportFile.toString());
        CumpsHarness.await("the env step's line", CumpsHarness.PATIENCE, () -> read(out).contains("PASS  env"));
        CumpsHarness.await("the client", CumpsHarness.PATIENCE,
                () -> Procs.runningWithEnv(CumpsHarness.MARKER_VARIABLE + "=" + h.marker).stream()
                        .anyMatch(pid -> Procs.cmdline(pid).startsWith("sleep")));
        LifecycleE2eTest.interrupt(h, cumps);

        assertTrue(cumps.waitFor(CumpsHarness.PATIENCE.toSeconds(), TimeUnit.SECONDS), "cumps exits after Ctrl-C");
        assertNotEquals(0, cumps.exitValue());
        CumpsHarness.await("the report", CumpsHarness.PATIENCE, () -> Files.exists(reportFile));
        String report = Files.readString(reportFile);
        assertTrue(report.contains("self-test interrupted"), report);
        assertEquals("PASS", outcomes(report).get("cleanup"), report);
        assertNothingLeft(h, report);
    }

    private static String read(Path file) {
        try {
            return Files.exists(file) ? Files.readString(file) : "";
        } catch (IOException e) {
            return "";
        }
    }
}
