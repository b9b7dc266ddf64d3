package dev.cumps.e2e;

import static dev.cumps.e2e.CumpsHarness.GPU0;
import static dev.cumps.e2e.CumpsHarness.PATIENCE;
import static dev.cumps.e2e.LifecycleE2eTest.evalInSh;
import static dev.cumps.e2e.LifecycleE2eTest.find;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import dev.cumps.e2e.CumpsHarness.Run;
import dev.cumps.e2e.RealNvidia.Identity;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * The operator's commands against NVIDIA's REAL control daemon of every driver branch Debian ships (the lines
 * of {@code src-test/real-nvidia/branches.txt}: 470, 535, 550, 555), in both start modes, detached ({@code -d})
 * and foreground ({@code -f}), with and without limits: the built {@code cumps} as a real process, the GPU rows
 * from the simulated {@code nvidia-smi}, and {@code nvidia-cuda-mps-control} on {@code PATH} a link to the real
 * program fetched by {@code src-test/real-nvidia/fetch.sh}. The control daemon needs no GPU until a client
 * connects, so everything short of a CUDA client runs here.
 *
 * <p>What the branches do differently (measured, docs/compatibility.md): R550 and R555 write
 * {@code nvidia-cuda-mps-control.pid} into the pipe directory, R470 and R535 write none; a detached daemon logs
 * {@code Starting control daemon using socket ...} with its pid to {@code control.log}, a foreground one logs to
 * its stdout instead; R470 answers the pinned-memory commands {@code Unknown command "…"}. After every start and
 * every {@code limits --set}, the record holds only limits the daemon itself reports ({@link #assertRecordConfirmed}).
 */
@ExtendWith(CumpsExtension.class)
class RealDaemonE2eTest {
    /** What cumps prints when the (Python) stand-in nvidia-smi misses its 5 s limit on an overloaded machine. */
    private static final String SLOW_HOST = RaceE2eTest.SLOW_HOST;
    /** The error a start or set with a pinned limit gets from a branch without the command (R470). */
    private static final String PINNED_UNKNOWN = "this driver's control daemon does not know set_default_device_pinned_mem_limit (it answered:"
            + " Unknown command \"set_default_device_pinned_mem_limit\")";

    RealNvidia real;

    static Stream<String> branches() {
        return RealNvidia.branches().stream();
    }

    private RealNvidia use(String branch, CumpsHarness h) throws IOException {
        real = RealNvidia.branch(branch);
        real.installControl(h);
        return real;
    }

    // ------------------------------------------------------------------ detached (-d)

    @ParameterizedTest(name = "R{0}")
    @MethodSource("branches")
    void everyCommandDrivesADetachedRealDaemon(String branch, CumpsHarness h) throws Exception {
        use(branch, h);
        Run start = h.cumps("start", "--gpus", "0", "--name", "op").assertOk();
        assertEquals("", start.stderr());
        Identity daemon = assertRecordedRealDaemon(h, "op", false);
        assertRecordConfirmed(h, "op");
        JsonNode rec = h.record("op");
        assertEquals(rec, start.json(), "start printed the record it wrote");
        assertEquals(List.of(GPU0), LifecycleE2eTest.strings(rec.get("gpu_uuids")));

        everyCommandOnALiveDaemon(h, "op", daemon);

        // stop: the daemon exits (by pid and start time) and the record goes
        Run stop = h.cumps("stop", "--name", "op").assertOk();
        assertEquals(daemon.pid(), stop.json().get("stopped").get(0).get("pid").asLong());
        CumpsHarness.await(daemon + " gone after stop", PATIENCE, () -> !daemon.running());
        assertFalse(Files.exists(h.recordFile("op"), LinkOption.NOFOLLOW_LINKS), "record removed");
        assertEquals(0, h.cumps("status", "--json").assertOk().json().get("managed_daemons").size());
        assertEquals(List.of(), h.markedDaemons(), "no daemon left running");
    }

    @ParameterizedTest(name = "R{0}")
    @MethodSource("branches")
    void aDetachedStartWithLimitsRecordsOnlyWhatTheRealDaemonConfirms(String branch, CumpsHarness h) throws Exception {
        use(branch, h);
        Run start = h.cumps("start", "--gpus", "0", "--name", "lim", "--active-thread-percentage", "50", "--pinned-mem-limit", "2G");
        if (!real.knowsPinnedMemLimit()) {
            String refusal = start.assertOneLineError();
            assertTrue(refusal.startsWith("error: daemon 'lim' did not start: " + PINNED_UNKNOWN), refusal);
            assertFalse(Files.exists(h.recordFile("lim"), LinkOption.NOFOLLOW_LINKS), "a refused limit leaves no record");
            assertEquals(List.of(), h.markedDaemons(), "and no daemon");
            h.cumps("start", "--gpus", "0", "--name", "lim", "--active-thread-percentage", "50").assertOk();
        } else {
            start.assertOk();
            assertEquals("2G", h.record("lim").get("mps_pinned_device_mem_limit").asText());
        }
        Identity daemon = assertRecordedRealDaemon(h, "lim", false);
        assertRecordConfirmed(h, "lim");
        assertEquals(50, h.record("lim").get("mps_active_thread_percentage").asInt());
        assertLimitsAsTheDaemonReportsThem(h, "lim", "50", real.knowsPinnedMemLimit() ? "2G" : null);

        Run set = h.cumps("limits", "--name", "lim", "--set-active-thread-percentage", "30", "--set-pinned-mem-limit", "1G");
        if (!real.knowsPinnedMemLimit()) {
            String refusal = set.assertOneLineError();
            assertTrue(refusal.startsWith("error: the limits of 'lim' were not all applied: " + PINNED_UNKNOWN), refusal);
            assertEquals(50, h.record("lim").get("mps_active_thread_percentage").asInt(), "the record is unchanged");
            assertEquals("50.0", real.defaults(h, pipeOf(h, "lim")).get(0), "the refusal came first: the percentage was not changed");
        } else {
            set.assertOk();
            assertEquals(30, h.record("lim").get("mps_active_thread_percentage").asInt());
            assertEquals("1G", h.record("lim").get("mps_pinned_device_mem_limit").asText());
        }
        assertRecordConfirmed(h, "lim");

        // A size NVIDIA's daemon does not keep as given (it takes 1536M and reports 1G) is never recorded as given.
        if (real.knowsPinnedMemLimit()) {
            String unconfirmed = h.cumps("limits", "--name", "lim", "--set-pinned-mem-limit", "1536M").assertOneLineError();
            assertTrue(unconfirmed.contains("but reports 1G now, not 1536M"), unconfirmed);
            assertRecordConfirmed(h, "lim");
        }

        JsonNode doctor = h.cumps("doctor", "--gpus", "0", "--json").json();
        JsonNode check = find(doctor.get("checks"), "id", "limits_match_record");
        assertEquals("pass", check.get("status").asText(), check.toString());
        assertFalse(check.get("observed").asText().contains("could not be read"), check.toString());

        h.cumps("stop", "--name", "lim").assertOk();
        CumpsHarness.await(daemon + " gone after stop", PATIENCE, () -> !daemon.running());
    }

    // ------------------------------------------------------------------ foreground (-f)

    /**
     * {@code start --foreground}: NVIDIA's {@code -f} daemon logs to its stdout, not control.log, and R470/R535 write
     * no pid file; cumps records the process it started (cross-checked with its {@code /proc} environment). Every
     * command works on it, and Ctrl-C quits it and removes the record.
     */
    @ParameterizedTest(name = "R{0}")
    @MethodSource("branches")
    void everyCommandDrivesAForegroundRealDaemonAndCtrlCEndsIt(String branch, CumpsHarness h) throws Exception {
        use(branch, h);
        Path out = h.root.resolve("fg.out");
        Process fg = h.start(Map.of(CumpsHarness.DEFAULT_SIGINT, ""), out, h.root.resolve("fg.err"), "start", "--foreground", "--name", "fg");
        awaitForegroundRecord(h, fg, "fg");
        Identity daemon = assertRecordedRealDaemon(h, "fg", true);
        assertEquals(fg.pid(), LifecycleE2eTest.parentOf(daemon.pid()), "the -f daemon is the process cumps started");
        assertRecordConfirmed(h, "fg");
        CumpsHarness.await("the daemon's log on cumps's stdout", PATIENCE, () -> readQuietly(out).contains(
                "Starting control daemon using socket " + pipeOf(h, "fg").resolve("control")));

        everyCommandOnALiveDaemon(h, "fg", daemon);

        // Ctrl-C at a terminal sends SIGINT to the whole foreground group: cumps and the daemon, which NVIDIA's
        // daemon does not survive (it leaves its sockets, its log FIFO and, on R550+, its pid file behind).
        Path pipe = pipeOf(h, "fg");
        assertTrue(daemon.running(), "still ours right before the signal: " + daemon);
        h.exec(List.of("/bin/kill", "-INT", Long.toString(fg.pid()), Long.toString(daemon.pid())), Map.of(), null).assertOk();
        assertTrue(fg.waitFor(PATIENCE.toSeconds(), TimeUnit.SECONDS), "cumps exits after Ctrl-C");
        CumpsHarness.await(daemon + " gone after Ctrl-C", PATIENCE, () -> !daemon.running());
        assertFalse(Files.exists(h.recordFile("fg"), LinkOption.NOFOLLOW_LINKS), "Ctrl-C removes the foreground record");
        for (String leftover : List.of("control", "control_privileged", "log", "nvidia-cuda-mps-control.pid")) {
            assertFalse(Files.exists(pipe.resolve(leftover), LinkOption.NOFOLLOW_LINKS), () -> leftover + " removed after the daemon exited");
        }
        assertEquals(List.of(), h.markedDaemons(), "no daemon left running");
    }

    /** A Ctrl-C that reaches only cumps (the daemon in another group) quits the daemon through the control program. */
    @ParameterizedTest(name = "R{0}")
    @MethodSource("branches")
    void ctrlCToCumpsAloneQuitsTheForegroundRealDaemon(String branch, CumpsHarness h) throws Exception {
        use(branch, h);
        Process fg = h.start(Map.of(CumpsHarness.DEFAULT_SIGINT, ""), h.root.resolve("fq.out"), h.root.resolve("fq.err"),
                "start", "--foreground", "--name", "fq");
        awaitForegroundRecord(h, fg, "fq");
        Identity daemon = assertRecordedRealDaemon(h, "fq", true);
        LifecycleE2eTest.interrupt(h, fg);
        assertTrue(fg.waitFor(PATIENCE.toSeconds(), TimeUnit.SECONDS), "cumps exits after Ctrl-C");
        CumpsHarness.await(daemon + " gone after quit", PATIENCE, () -> !daemon.running());
        assertFalse(Files.exists(h.recordFile("fq"), LinkOption.NOFOLLOW_LINKS), "the record is removed");
        assertEquals(List.of(), h.markedDaemons(), "no daemon left running");
    }

    @ParameterizedTest(name = "R{0}")
    @MethodSource("branches")
    void aForegroundStartWithLimitsRecordsOnlyWhatTheRealDaemonConfirms(String branch, CumpsHarness h) throws Exception {
        use(branch, h);
        Path err = h.root.resolve("fgl.err");
        Process fg = h.start(Map.of(CumpsHarness.DEFAULT_SIGINT, ""), h.root.resolve("fgl.out"), err,
                "start", "--foreground", "--name", "fgl", "--active-thread-percentage", "40", "--pinned-mem-limit", "2G");
        if (!real.knowsPinnedMemLimit()) {
            assertTrue(fg.waitFor(PATIENCE.toSeconds(), TimeUnit.SECONDS), "a refused foreground start ends");
            assertEquals(1, fg.exitValue());
            List<String> lines = Files.readAllLines(err);
            assertEquals(1, lines.size(), lines.toString());
            assertTrue(lines.get(0).startsWith("error: daemon 'fgl' did not start: " + PINNED_UNKNOWN), lines.get(0));
            assertFalse(Files.exists(h.recordFile("fgl"), LinkOption.NOFOLLOW_LINKS), "no record");
            assertEquals(List.of(), h.markedDaemons(), "no daemon left running");
            return;
        }
        awaitForegroundRecord(h, fg, "fgl");
        Identity daemon = assertRecordedRealDaemon(h, "fgl", true);
        assertRecordConfirmed(h, "fgl");
        assertEquals(40, h.record("fgl").get("mps_active_thread_percentage").asInt());
        assertEquals("2G", h.record("fgl").get("mps_pinned_device_mem_limit").asText());
        assertLimitsAsTheDaemonReportsThem(h, "fgl", "40", "2G");

        // stop ends a foreground daemon too, and its cumps returns
        h.cumps("stop", "--name", "fgl").assertOk();
        assertTrue(fg.waitFor(PATIENCE.toSeconds(), TimeUnit.SECONDS), "cumps --foreground returns when its daemon is stopped");
        CumpsHarness.await(daemon + " gone after stop", PATIENCE, () -> !daemon.running());
        assertFalse(Files.exists(h.recordFile("fgl"), LinkOption.NOFOLLOW_LINKS));
    }

    // ------------------------------------------------------------------ the pipe, the leftovers, races

    @ParameterizedTest(name = "R{0}")
    @MethodSource("branches")
    void stopAllLeavesAHandStartedRealDaemonOnAnUnmanagedPipeAlone(String branch, CumpsHarness h) throws Exception {
        use(branch, h);
        Path handPipe = h.privateDir("u/p");
        Path handLog = h.privateDir("u/l");
        Identity hand = real.startByHand(h, handPipe, handLog);
        h.cumps("start", "--gpus", "0", "--name", "m").assertOk();
        Identity managed = assertRecordedRealDaemon(h, "m", false);

        // The caller's shell points at the unmanaged pipe, as an operator's might.
        Map<String, String> caller = Map.of("CUDA_MPS_PIPE_DIRECTORY", handPipe.toString());
        String text = h.cumps(caller, "status").assertOk().stdout();
        assertTrue(text.lines().anyMatch(l -> l.contains(handPipe.resolve("control").toString()) && l.contains("UNMANAGED")), text);

        Run all = h.cumps(caller, "stop", "--all").assertOk();
        List<String> stopped = new ArrayList<>();
        all.json().get("stopped").forEach(r -> stopped.add(r.get("name").asText()));
        assertEquals(List.of("m"), stopped, all.toString());
        CumpsHarness.await(managed + " gone after stop --all", PATIENCE, () -> !managed.running());
        assertFalse(Files.exists(h.recordFile("m"), LinkOption.NOFOLLOW_LINKS));
        // stop --all has exited, so whatever it did is done: the hand-started daemon got no quit and runs on.
        assertTrue(hand.running(), "the hand-started daemon keeps its pid and start time: " + hand);
        assertFalse(Files.readString(handLog.resolve("control.log")).contains("Cmd:quit"), "no quit reached the unmanaged daemon");
        assertTrue(real.answers(h, handPipe), "it still answers on its socket");

        real.quit(h, handPipe, hand);
    }

    @ParameterizedTest(name = "R{0}")
    @MethodSource("branches")
    void aKilledDaemonIsStaleAndANewStartOverItsLeftoversSucceeds(String branch, CumpsHarness h) throws Exception {
        use(branch, h);
        h.cumps("start", "--gpus", "0", "--name", "k").assertOk();
        Identity first = assertRecordedRealDaemon(h, "k", false);
        Path pipe = Path.of(h.record("k").get("pipe_directory").asText());

        first.kill();
        CumpsHarness.await(first + " gone after SIGKILL", PATIENCE, () -> !first.running());
        assertTrue(Files.exists(pipe.resolve("control"), LinkOption.NOFOLLOW_LINKS), "the killed daemon left its socket behind");

        Run status = h.cumps("status").assertOk();
        assertTrue(status.stdout().lines().anyMatch(l -> l.contains("k ") && l.contains(" STALE ")), status.stdout());
        JsonNode row = find(h.cumps("status", "--json").assertOk().json().get("managed_daemons"), "name", "k");
        assertEquals("stale", row.get("record_state").asText(), row.toString());

        Run again = h.cumps("start", "--gpus", "0", "--name", "k").assertOk();
        Identity second = assertRecordedRealDaemon(h, "k", false);
        assertNotEquals(first, second, "a new daemon");
        assertEquals(pipe.toString(), again.json().get("pipe_directory").asText(), "on the same pipe directory");
        assertEquals("live", find(h.cumps("status", "--json").assertOk().json().get("managed_daemons"), "name", "k")
                .get("record_state").asText());
        assertEquals(List.of(second.pid()), h.markedDaemons(), "only the new daemon runs");

        h.cumps("stop", "--name", "k").assertOk();
        CumpsHarness.await(second + " gone after stop", PATIENCE, () -> !second.running());
    }

    @ParameterizedTest(name = "R{0}")
    @MethodSource("branches")
    void twoStartsOnOneGpuReleasedTogetherLetExactlyOneRealDaemonRun(String branch, CumpsHarness h) throws Exception {
        use(branch, h);
        List<List<String>> racers = List.of(List.of("start", "--gpus", "0", "--name", "ra"), List.of("start", "--gpus", "0", "--name", "rb"));
        // As in RaceE2eTest: when every racer saw the stand-in nvidia-smi time out, no race took place; run it again.
        String winner = null;
        for (int round = 1; winner == null; round++) {
            List<Run> runs = RaceE2eTest.race(h, racers);
            List<String> winners = new ArrayList<>();
            List<String> refusals = new ArrayList<>();
            for (int i = 0; i < runs.size(); i++) {
                Run run = runs.get(i);
                if (run.exitCode() == 0) {
                    h.pidOf(run);
                    winners.add(racers.get(i).get(4));
                    assertEquals("", run.stderr(), run.toString());
                } else {
                    refusals.add(run.assertOneLineError());
                    assertEquals("", run.stdout(), run.toString());
                }
            }
            assertTrue(winners.size() <= 1, "never two winners: " + winners + "; " + refusals);
            if (winners.isEmpty() && round < 3 && refusals.stream().allMatch(l -> l.contains(SLOW_HOST))) {
                continue;
            }
            assertEquals(1, winners.size(), "exactly one start wins: " + refusals);
            winner = winners.get(0);
            String refusal = refusals.get(0);
            assertTrue(refusal.contains("'" + winner + "'") || refusal.contains("wait for it to finish"),
                    "the other names the winner or the start in progress: " + refusal);
        }
        Identity daemon = assertRecordedRealDaemon(h, winner, false);
        String loser = winner.equals("ra") ? "rb" : "ra";
        assertFalse(Files.exists(h.recordFile(loser), LinkOption.NOFOLLOW_LINKS), "the loser wrote no record");
        assertEquals(List.of(daemon.pid()), h.markedDaemons(), "exactly one daemon runs, no orphan");
        RaceE2eTest.assertEveryDaemonRecorded(h);

        h.cumps("stop", "--name", winner).assertOk();
        CumpsHarness.await(daemon + " gone after stop", PATIENCE, () -> !daemon.running());
    }

    /** nvidia-smi 535 without a driver (the control daemon does not matter here: it runs once, with the stand-in's). */
    @Test
    void withTheRealNvidiaSmiAndNoDriverStatusAndDoctorSayWhatFailed(CumpsHarness h) throws Exception {
        RealNvidia.installNvidiaSmi(h);
        String driver = "couldn't communicate with the NVIDIA driver";

        Run status = h.cumps("status").assertOk();
        assertNoStackTrace(status);
        assertTrue(status.stdout().contains("nvidia-smi: not available"), status.toString());
        assertTrue(status.stdout().lines().anyMatch(l -> l.startsWith("diagnostic: ") && l.contains("status 9") && l.contains(driver)),
                status.toString());

        Run statusJson = h.cumps("status", "--json").assertOk();
        assertNoStackTrace(statusJson);
        JsonNode sj = statusJson.json();
        assertEquals(1, sj.get("schema_version").asInt());
        assertFalse(sj.get("nvidia_smi_available").asBoolean());
        assertTrue(sj.get("diagnostic").asText().contains(driver), sj.toString());
        assertEquals(0, sj.get("gpus").size());

        Run doctor = h.cumps("doctor", "--json");
        assertEquals(1, doctor.exitCode(), "an INVALID doctor exits 1\n" + doctor);
        assertNoStackTrace(doctor);
        JsonNode dj = doctor.json();
        assertEquals(1, dj.get("schema_version").asInt());
        assertFalse(dj.get("valid").asBoolean());
        JsonNode smi = find(dj.get("checks"), "id", "nvidia_smi");
        assertEquals("fail", smi.get("status").asText(), smi.toString());
        assertTrue(smi.get("observed").asText().contains(driver), smi.toString());
        assertFalse(smi.get("remedy").asText().isEmpty(), smi.toString());

        String refusal = h.cumps("start", "--gpus", "0", "--name", "nd").assertOneLineError();
        assertTrue(refusal.contains(driver), refusal);
        assertEquals(List.of(), h.markedDaemons(), "nothing started");
        assertFalse(Files.exists(h.recordFile("nd"), LinkOption.NOFOLLOW_LINKS));
    }

    // ------------------------------------------------------------------ helpers

    /**
     * env in all six forms, status, limits (read and a set), clients, top, metrics, doctor and terminate-client
     * against the live daemon {@code name}; the record stays confirmed throughout.
     */
    private void everyCommandOnALiveDaemon(CumpsHarness h, String name, Identity daemon) throws Exception {
        JsonNode rec = h.record(name);
        Path pipe = Path.of(rec.get("pipe_directory").asText());
        Path log = Path.of(rec.get("log_directory").asText());

        // env: the export block is the record's, as sh reads it; every other form names the same folders
        Run env = h.cumps("env", "--name", name).assertOk();
        assertEquals(3, env.stdout().lines().filter(l -> l.startsWith("export ")).count(), env.stdout());
        assertEquals(List.of(GPU0, pipe.toString(), log.toString()), evalInSh(h, env.stdout()));
        for (List<String> form : List.of(List.of("--shell", "fish"), List.of("--shell", "systemd"), List.of("--shell", "docker"),
                List.of("--shell", "dotenv"), List.of("--json"))) {
            List<String> args = new ArrayList<>(List.of("env", "--name", name));
            args.addAll(form);
            Run other = h.cumps(args.toArray(String[]::new)).assertOk();
            assertTrue(other.stdout().contains(pipe.toString()) && other.stdout().contains(GPU0), other.toString());
        }

        // status: the daemon LIVE, in the table and in JSON
        Run status = h.cumps("status").assertOk();
        assertTrue(status.stdout().lines().anyMatch(l -> l.contains(name + " ") && l.contains(" LIVE ") && l.contains(" " + daemon.pid() + " ")),
                status.stdout());
        JsonNode sj = h.cumps("status", "--json").assertOk().json();
        JsonNode managed = find(sj.get("managed_daemons"), "name", name);
        assertEquals("live", managed.get("record_state").asText(), managed.toString());
        assertEquals(daemon.pid(), managed.get("pid").asLong());
        assertEquals(List.of(name), LifecycleE2eTest.strings(find(sj.get("control_pipes"), "path", pipe.resolve("control").toString())
                .get("managed_names")));

        // limits: the daemon's defaults, then a set that the daemon and the record take
        JsonNode row = find(h.cumps("limits", "--name", name, "--json").assertOk().json().get("daemons"), "name", name);
        assertTrue(row.get("problem").isNull(), row.toString());
        assertEquals(100.0, row.get("current").get("active_thread_percentage").asDouble(), row.toString());
        assertEquals(real.knowsPinnedMemLimit(), row.get("current").get("pinned_device_mem_limit_supported").asBoolean(), row.toString());
        Run set = h.cumps("limits", "--name", name, "--set-active-thread-percentage", "40").assertOk();
        assertEquals("", set.stderr());
        assertRecordConfirmed(h, name);
        JsonNode after = find(h.cumps("limits", "--name", name, "--json").assertOk().json().get("daemons"), "name", name);
        assertEquals(40.0, after.get("current").get("active_thread_percentage").asDouble(), after.toString());
        assertEquals(40, after.get("recorded").get("active_thread_percentage").asInt(), after.toString());
        assertFalse(after.get("differs_from_record").asBoolean(), after.toString());
        assertLimitsAsTheDaemonReportsThem(h, name, "40", null);

        // clients and top: no server yet, which is no error
        Run clients = h.cumps("clients", "--json").assertOk();
        assertEquals("", clients.stderr());
        assertFalse(clients.stdout().toLowerCase().contains("unexpected"), clients.stdout());
        JsonNode served = find(clients.json().get("daemons"), "name", name);
        assertEquals("answering", served.get("state").asText(), served.toString());
        assertTrue(served.get("problem").isNull(), served.toString());
        assertEquals(0, served.get("servers").size(), served.toString());
        assertTrue(h.cumps("clients").assertOk().stdout().contains(name), "clients names the daemon");
        JsonNode top = h.cumps("top", "--once", "--json").assertOk().json();
        assertEquals("answering", find(top.get("daemons"), "name", name).get("state").asText(), top.toString());

        // metrics: the daemon answering, in Prometheus's text format
        Run metrics = h.cumps("metrics").assertOk();
        assertTrue(metrics.stdout().lines().anyMatch(l -> l.startsWith("cumps_daemon_answering{") && l.contains("daemon=\"" + name + "\"")
                && l.endsWith(" 1")), metrics.stdout());

        // doctor: VALID for the GPU, its pid-file check agreeing with what the branch writes
        Run doctor = h.cumps("doctor", "--gpus", "0", "--json").assertOk();
        JsonNode dj = doctor.json();
        assertTrue(dj.get("valid").asBoolean(), doctor.stdout());
        for (JsonNode check : dj.get("checks")) {
            assertNotEquals("fail", check.get("status").asText(), () -> "no failing check: " + check);
        }
        assertEquals("pass", find(dj.get("checks"), "id", "identity").get("status").asText());
        assertEquals("pass", find(dj.get("checks"), "id", "answers").get("status").asText());
        assertEquals("pass", find(dj.get("checks"), "id", "limits_match_record").get("status").asText());
        JsonNode pidFile = find(dj.get("checks"), "id", "pid_file");
        assertEquals("pass", pidFile.get("status").asText(), pidFile.toString());
        assertTrue(pidFile.get("observed").asText().contains(Long.toString(daemon.pid())), pidFile.toString());
        if (!real.writesPidFile()) {
            assertTrue(pidFile.get("observed").asText().contains("not written by this driver branch"),
                    () -> "without a pid file the check says the branch writes none and names the daemon: " + pidFile);
        }
        assertEquals(daemon.pid(), dj.get("cuda_process_sharing").get("daemon_pid").asLong());

        // terminate-client: a pid that is no client of this daemon is refused in one line, and the daemon runs on
        String refusal = h.cumps("terminate-client", "--name", name, "--pid", Long.toString(ProcessHandle.current().pid()), "--yes")
                .assertOneLineError();
        assertFalse(refusal.isBlank());
        assertTrue(daemon.running(), "terminate-client left the daemon alone");
        assertRecordConfirmed(h, name);
    }

    /** Waits for the foreground record, failing early with cumps's output when cumps exits first. */
    private static void awaitForegroundRecord(CumpsHarness h, Process fg, String name) {
        CumpsHarness.await("the foreground record " + name, PATIENCE, () -> {
            assertTrue(fg.isAlive() || Files.exists(h.recordFile(name)), () -> "cumps start --foreground exited " + fg.exitValue()
                    + "\n--- stderr\n" + readQuietly(h.root.resolve(name + ".err")));
            return Files.exists(h.recordFile(name));
        });
    }

    private static String readQuietly(Path file) {
        try {
            return Files.readString(file);
        } catch (IOException e) {
            return "";
        }
    }

    private static Path pipeOf(CumpsHarness h, String name) {
        return Path.of(h.record(name).get("pipe_directory").asText());
    }

    /**
     * The record of {@code name} holds only limits its daemon confirms: for each limit key it has, NVIDIA's own client
     * asked now reports that value ({@code get_default_active_thread_percentage} {@code P.0},
     * {@code get_default_device_pinned_mem_limit 0} the size).
     */
    private void assertRecordConfirmed(CumpsHarness h, String name) {
        JsonNode rec = h.record(name);
        List<String> reported = real.defaults(h, Path.of(rec.get("pipe_directory").asText()));
        JsonNode percentage = rec.get("mps_active_thread_percentage");
        if (percentage != null) {
            assertEquals(percentage.asInt() + ".0", reported.get(0), () -> "the daemon reports the recorded percentage: " + rec);
        }
        JsonNode pinned = rec.get("mps_pinned_device_mem_limit");
        if (pinned != null) {
            assertEquals(pinned.asText(), reported.get(1), () -> "the daemon reports the recorded pinned limit: " + rec);
        }
    }

    /** {@code limits} shows the daemon's values, and "not supported by this driver" for a pinned limit the branch lacks. */
    private void assertLimitsAsTheDaemonReportsThem(CumpsHarness h, String name, String percentage, String pinned) {
        String text = h.cumps("limits", "--name", name).assertOk().stdout();
        assertTrue(text.contains(percentage + "% / " + percentage + "%"), text);
        assertFalse(text.contains("not answering"), text);
        if (!real.knowsPinnedMemLimit()) {
            assertTrue(text.contains("not supported by this driver"), text);
        } else if (pinned != null) {
            assertTrue(text.contains(pinned + " / " + pinned), text);
        }
    }

    /**
     * The record {@code name} names a running {@code nvidia-cuda-mps} with the recorded start time, which is this
     * branch's real program (its {@code /proc/<pid>/exe}) and has the record's pipe directory in its environment; a
     * detached one is the one its {@code control.log} says started on that pipe (a foreground one logs to its
     * stdout); the pid file is there (naming it) exactly when the branch writes one; the record holds only limits the
     * daemon reports ({@link #assertRecordConfirmed}).
     */
    Identity assertRecordedRealDaemon(CumpsHarness h, String name, boolean foreground) throws Exception {
        JsonNode rec = h.record(name);
        long pid = h.recordedPid(name);
        Procs.Stat stat = Procs.stat(pid).filter(Procs.Stat::running)
                .orElseThrow(() -> new AssertionError("the recorded pid " + pid + " of '" + name + "' is not running"));
        assertEquals("nvidia-cuda-mps", stat.comm(), "the recorded pid is a control daemon");
        assertEquals(stat.startTicks(), rec.get("process_start_ticks").asLong(), "the record's start time is the process's");
        assertEquals(real.control().toRealPath(), RealNvidia.executable(pid), "the daemon is NVIDIA's R" + real.branch + " program");
        Path pipe = Path.of(rec.get("pipe_directory").asText());
        Path log = Path.of(rec.get("log_directory").asText());
        assertTrue(Procs.environ(pid).contains("CUDA_MPS_PIPE_DIRECTORY=" + pipe),
                () -> "the daemon's environment holds the record's pipe directory: " + Procs.environ(pid));
        if (foreground) {
            assertEquals(Optional.empty(), RealNvidia.loggedDaemonPid(log, pipe), "a foreground daemon logs to its stdout, not control.log");
        } else {
            // Every branch may answer its first client before the start line reaches control.log: wait for it.
            CumpsHarness.await("control.log naming the recorded daemon " + pid, PATIENCE,
                    () -> RealNvidia.loggedDaemonPid(log, pipe).equals(Optional.of(pid)));
        }
        assertTrue(real.answers(h, pipe), "it answers on its control socket");
        if (real.writesPidFile()) {
            assertEquals(Optional.of(pid), CumpsHarness.pidFile(pipe), "R" + real.branch + " writes its pid file");
        } else {
            assertFalse(Files.exists(pipe.resolve("nvidia-cuda-mps-control.pid"), LinkOption.NOFOLLOW_LINKS),
                    "R" + real.branch + " writes no pid file: the start found the daemon without one");
        }
        assertRecordConfirmed(h, name); // after every start: the record holds only limits the daemon reports
        return new Identity(pid, stat.startTicks());
    }

    private static void assertNoStackTrace(Run run) {
        String all = run.stdout() + run.stderr();
        assertFalse(all.contains("Exception") || all.contains("\tat "), () -> "no stack trace\n" + run);
    }
}
