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
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;

/**
 * The operator's commands against NVIDIA's REAL control daemon of one driver branch
 * ({@link RealDaemon535E2eTest}, {@link RealDaemon550E2eTest}): the built {@code cumps} as a real
 * process, the GPU rows from the simulated {@code nvidia-smi}, and {@code nvidia-cuda-mps-control} on
 * {@code PATH} a link to the real program fetched by {@code src-test/real-nvidia/fetch.sh}. The control
 * daemon needs no GPU until a client connects, so everything short of a CUDA client runs here.
 *
 * <p>What the two branches do differently (see the subclasses): R550 writes
 * {@code nvidia-cuda-mps-control.pid} into the pipe directory, R535 writes none and answers
 * {@code Unknown command "get_server_status"}; both log {@code Starting control daemon using socket ...}
 * with their pid to {@code control.log}, which is how this suite tells which process serves a pipe.
 */
@ExtendWith(CumpsExtension.class)
abstract class RealDaemonScenarios {
    /** What cumps prints when the (Python) stand-in nvidia-smi misses its 5 s limit on an overloaded machine. */
    private static final String SLOW_HOST = RaceE2eTest.SLOW_HOST;

    RealNvidia real;

    /** {@code "535"} or {@code "550"}. */
    abstract String branch();

    /** Whether this branch's daemon writes {@code nvidia-cuda-mps-control.pid} into its pipe directory. */
    abstract boolean writesPidFile();

    @BeforeEach
    void putTheRealControlProgramOnPath(CumpsHarness h) throws Exception {
        real = RealNvidia.branch(branch());
        real.installControl(h);
    }

    // ------------------------------------------------------------------ scenarios

    @Test
    void startEnvStatusLimitsClientsDoctorStopDriveTheRealDaemon(CumpsHarness h) throws Exception {
        Run start = h.cumps("start", "--gpus", "0", "--name", "op").assertOk();
        assertEquals("", start.stderr());
        Identity daemon = assertRecordedRealDaemon(h, "op");
        JsonNode rec = h.record("op");
        assertEquals(rec, start.json(), "start printed the record it wrote");
        assertEquals(List.of(GPU0), LifecycleE2eTest.strings(rec.get("gpu_uuids")));
        Path pipe = Path.of(rec.get("pipe_directory").asText());
        Path log = Path.of(rec.get("log_directory").asText());

        // env: the export block is the record's, as sh reads it
        Run env = h.cumps("env", "--name", "op").assertOk();
        assertEquals(3, env.stdout().lines().filter(l -> l.startsWith("export ")).count(), env.stdout());
        assertEquals(List.of(GPU0, pipe.toString(), log.toString()), evalInSh(h, env.stdout()));

        // status: the daemon LIVE, in the table and in JSON
        Run status = h.cumps("status").assertOk();
        assertTrue(status.stdout().lines().anyMatch(l -> l.contains("op ") && l.contains(" LIVE ") && l.contains(" " + daemon.pid() + " ")),
                status.stdout());
        JsonNode sj = h.cumps("status", "--json").assertOk().json();
        JsonNode managed = find(sj.get("managed_daemons"), "name", "op");
        assertEquals("live", managed.get("record_state").asText(), managed.toString());
        assertEquals(daemon.pid(), managed.get("pid").asLong());
        assertEquals(List.of("op"), LifecycleE2eTest.strings(find(sj.get("control_pipes"), "path", pipe.resolve("control").toString())
                .get("managed_names")));

        // limits: the daemon's default (100 % when nothing was set), then a set that the daemon and the record take
        JsonNode before = h.cumps("limits", "--name", "op", "--json").assertOk().json();
        JsonNode row = find(before.get("daemons"), "name", "op");
        assertTrue(row.get("problem").isNull(), row.toString());
        assertEquals(100.0, row.get("current").get("active_thread_percentage").asDouble(), row.toString());
        Run set = h.cumps("limits", "--name", "op", "--set-active-thread-percentage", "40").assertOk();
        assertEquals("", set.stderr());
        JsonNode after = find(h.cumps("limits", "--name", "op", "--json").assertOk().json().get("daemons"), "name", "op");
        assertEquals(40.0, after.get("current").get("active_thread_percentage").asDouble(), after.toString());
        assertEquals(40, after.get("recorded").get("active_thread_percentage").asInt(), after.toString());
        assertFalse(after.get("differs_from_record").asBoolean(), after.toString());
        assertEquals(40, h.record("op").get("mps_active_thread_percentage").asInt());
        assertTrue(h.cumps("limits", "--name", "op").assertOk().stdout().contains("40% / 40%"));

        // clients: no server yet, which is no error
        Run clients = h.cumps("clients", "--json").assertOk();
        assertEquals("", clients.stderr());
        assertFalse(clients.stdout().toLowerCase().contains("unexpected"), clients.stdout());
        JsonNode cj = clients.json();
        assertEquals(1, cj.get("schema_version").asInt());
        JsonNode served = find(cj.get("daemons"), "name", "op");
        assertEquals("answering", served.get("state").asText(), served.toString());
        assertTrue(served.get("problem").isNull(), served.toString());
        assertEquals(0, served.get("servers").size(), served.toString());

        // doctor: VALID for the GPU, its pid-file check agreeing with what the branch writes
        Run doctor = h.cumps("doctor", "--gpus", "0", "--json").assertOk();
        JsonNode dj = doctor.json();
        assertTrue(dj.get("valid").asBoolean(), doctor.stdout());
        for (JsonNode check : dj.get("checks")) {
            assertNotEquals("fail", check.get("status").asText(), () -> "no failing check: " + check);
        }
        assertEquals("pass", find(dj.get("checks"), "id", "identity").get("status").asText());
        assertEquals("pass", find(dj.get("checks"), "id", "answers").get("status").asText());
        JsonNode pidFile = find(dj.get("checks"), "id", "pid_file");
        if (writesPidFile()) {
            assertEquals("pass", pidFile.get("status").asText(), pidFile.toString());
            assertTrue(pidFile.get("observed").asText().contains(Long.toString(daemon.pid())), pidFile.toString());
        } else {
            assertEquals("pass", pidFile.get("status").asText(), pidFile.toString());
            String observed = pidFile.get("observed").asText();
            assertTrue(observed.contains("not written by this driver branch") && observed.contains(Long.toString(daemon.pid())),
                    () -> "on R535 the pid-file check says the branch writes none and names the daemon: " + pidFile);
        }
        assertEquals(daemon.pid(), dj.get("cuda_process_sharing").get("daemon_pid").asLong());

        // stop: the daemon exits (by pid and start time) and the record goes
        Run stop = h.cumps("stop", "--name", "op").assertOk();
        assertEquals(daemon.pid(), stop.json().get("stopped").get(0).get("pid").asLong());
        CumpsHarness.await(daemon + " gone after stop", PATIENCE, () -> !daemon.running());
        assertFalse(Files.exists(h.recordFile("op"), LinkOption.NOFOLLOW_LINKS), "record removed");
        assertEquals(0, h.cumps("status", "--json").assertOk().json().get("managed_daemons").size());
        assertEquals(List.of(), h.markedDaemons(), "no daemon left running");
    }

    @Test
    void startWithAnActiveThreadPercentageSetsItOnTheRealDaemon(CumpsHarness h) throws Exception {
        h.cumps("start", "--gpus", "0", "--name", "atp", "--active-thread-percentage", "50").assertOk();
        Identity daemon = assertRecordedRealDaemon(h, "atp");
        assertEquals(50, h.record("atp").get("mps_active_thread_percentage").asInt());
        JsonNode row = find(h.cumps("limits", "--name", "atp", "--json").assertOk().json().get("daemons"), "name", "atp");
        assertEquals(50.0, row.get("current").get("active_thread_percentage").asDouble(), "the daemon itself reports 50: " + row);
        assertFalse(row.get("differs_from_record").asBoolean(), row.toString());

        h.cumps("stop", "--name", "atp").assertOk();
        CumpsHarness.await(daemon + " gone after stop", PATIENCE, () -> !daemon.running());
        assertFalse(Files.exists(h.recordFile("atp"), LinkOption.NOFOLLOW_LINKS));
    }

    @Test
    void stopAllLeavesAHandStartedRealDaemonOnAnUnmanagedPipeAlone(CumpsHarness h) throws Exception {
        Path handPipe = h.privateDir("u/p");
        Path handLog = h.privateDir("u/l");
        Identity hand = real.startByHand(h, handPipe, handLog);
        h.cumps("start", "--gpus", "0", "--name", "m").assertOk();
        Identity managed = assertRecordedRealDaemon(h, "m");

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

    @Test
    void aKilledDaemonIsStaleAndANewStartOverItsLeftoversSucceeds(CumpsHarness h) throws Exception {
        h.cumps("start", "--gpus", "0", "--name", "k").assertOk();
        Identity first = assertRecordedRealDaemon(h, "k");
        Path pipe = Path.of(h.record("k").get("pipe_directory").asText());

        first.kill();
        CumpsHarness.await(first + " gone after SIGKILL", PATIENCE, () -> !first.running());
        assertTrue(Files.exists(pipe.resolve("control"), LinkOption.NOFOLLOW_LINKS), "the killed daemon left its socket behind");

        Run status = h.cumps("status").assertOk();
        assertTrue(status.stdout().lines().anyMatch(l -> l.contains("k ") && l.contains(" STALE ")), status.stdout());
        JsonNode row = find(h.cumps("status", "--json").assertOk().json().get("managed_daemons"), "name", "k");
        assertEquals("stale", row.get("record_state").asText(), row.toString());

        Run again = h.cumps("start", "--gpus", "0", "--name", "k").assertOk();
        Identity second = assertRecordedRealDaemon(h, "k");
        assertNotEquals(first, second, "a new daemon");
        assertEquals(pipe.toString(), again.json().get("pipe_directory").asText(), "on the same pipe directory");
        assertEquals("live", find(h.cumps("status", "--json").assertOk().json().get("managed_daemons"), "name", "k")
                .get("record_state").asText());
        assertEquals(List.of(second.pid()), h.markedDaemons(), "only the new daemon runs");

        h.cumps("stop", "--name", "k").assertOk();
        CumpsHarness.await(second + " gone after stop", PATIENCE, () -> !second.running());
    }

    @Test
    void twoStartsOnOneGpuReleasedTogetherLetExactlyOneRealDaemonRun(CumpsHarness h) throws Exception {
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
        Identity daemon = assertRecordedRealDaemon(h, winner);
        String loser = winner.equals("ra") ? "rb" : "ra";
        assertFalse(Files.exists(h.recordFile(loser), LinkOption.NOFOLLOW_LINKS), "the loser wrote no record");
        assertEquals(List.of(daemon.pid()), h.markedDaemons(), "exactly one daemon runs, no orphan");
        RaceE2eTest.assertEveryDaemonRecorded(h);

        h.cumps("stop", "--name", winner).assertOk();
        CumpsHarness.await(daemon + " gone after stop", PATIENCE, () -> !daemon.running());
    }

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
     * The record {@code name} names a running {@code nvidia-cuda-mps} with the recorded start time, which is
     * this branch's real program (its {@code /proc/<pid>/exe}), has the record's pipe directory in its
     * environment and is the one its {@code control.log} says started on that pipe; the pid file is there
     * (naming it) exactly when the branch writes one.
     */
    Identity assertRecordedRealDaemon(CumpsHarness h, String name) throws Exception {
        JsonNode rec = h.record(name);
        long pid = h.recordedPid(name);
        Procs.Stat stat = Procs.stat(pid).filter(Procs.Stat::running)
                .orElseThrow(() -> new AssertionError("the recorded pid " + pid + " of '" + name + "' is not running"));
        assertEquals("nvidia-cuda-mps", stat.comm(), "the recorded pid is a control daemon");
        assertEquals(stat.startTicks(), rec.get("process_start_ticks").asLong(), "the record's start time is the process's");
        assertEquals(real.control().toRealPath(), RealNvidia.executable(pid), "the daemon is NVIDIA's R" + branch() + " program");
        Path pipe = Path.of(rec.get("pipe_directory").asText());
        Path log = Path.of(rec.get("log_directory").asText());
        assertTrue(Procs.environ(pid).contains("CUDA_MPS_PIPE_DIRECTORY=" + pipe),
                () -> "the daemon's environment holds the record's pipe directory: " + Procs.environ(pid));
        // Both branches may answer their first client before the start line reaches control.log: wait for it.
        CumpsHarness.await("control.log naming the recorded daemon " + pid, PATIENCE,
                () -> RealNvidia.loggedDaemonPid(log, pipe).equals(Optional.of(pid)));
        assertTrue(real.answers(h, pipe), "it answers on its control socket");
        if (writesPidFile()) {
            assertEquals(Optional.of(pid), CumpsHarness.pidFile(pipe), "R" + branch() + " writes its pid file");
        } else {
            assertFalse(Files.exists(pipe.resolve("nvidia-cuda-mps-control.pid"), LinkOption.NOFOLLOW_LINKS),
                    "R" + branch() + " writes no pid file: the start found the daemon without one");
        }
        return new Identity(pid, stat.startTicks());
    }

    private static void assertNoStackTrace(Run run) {
        String all = run.stdout() + run.stderr();
        assertFalse(all.contains("Exception") || all.contains("\tat "), () -> "no stack trace\n" + run);
    }
}
