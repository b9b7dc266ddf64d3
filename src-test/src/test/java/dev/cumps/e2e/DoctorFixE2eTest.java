package dev.cumps.e2e;

import static dev.cumps.e2e.LifecycleE2eTest.find;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import dev.cumps.e2e.CumpsHarness.Run;
import dev.cumps.sim.SimConfig;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;

/**
 * {@code cumps doctor --fix} with the real {@code cumps.jar} and stand-in daemons as real processes:
 * a daemon killed with SIGKILL leaves a stale record, its two control sockets (nobody listens) and its pid
 * file; {@code --fix --yes} cleans exactly those, the live daemon next to it keeps running with the
 * same start time, and the doctor then passes the three checks. Without {@code --yes}, on a pipe
 * for stdin (no terminal), nothing changes and the run fails with one {@code error:} line.
 */
@ExtendWith(CumpsExtension.class)
class DoctorFixE2eTest {
    private static final List<String> LEFTOVER_CHECKS = List.of("stale_records", "orphaned_sockets", "stale_pid_files");

    /** Starts {@code keep} on GPU 0 and {@code gone} on GPU 1, then kills {@code gone} with SIGKILL. */
    private static long crashedBesideALiveOne(CumpsHarness h) throws Exception {
        h.configure(SimConfig.defaults(2));
        long keep = h.pidOf(h.cumps("start", "--name", "keep", "--gpus", "0").assertOk());
        long gone = h.pidOf(h.cumps("start", "--name", "gone", "--gpus", "1").assertOk());
        Procs.kill(gone);
        assertTrue(Procs.awaitGone(gone, CumpsHarness.PATIENCE));
        assertLeftovers(h, true);
        return keep;
    }

    private static void assertLeftovers(CumpsHarness h, boolean present) {
        Path pipe = h.defaultPipe("gone");
        assertEquals(present, Files.exists(h.recordFile("gone")), "record");
        assertEquals(present, Files.exists(pipe.resolve("control"), LinkOption.NOFOLLOW_LINKS), "socket");
        assertEquals(present, Files.exists(pipe.resolve("control_privileged"), LinkOption.NOFOLLOW_LINKS), "privileged socket");
        assertEquals(present, Files.exists(pipe.resolve("nvidia-cuda-mps-control.pid"), LinkOption.NOFOLLOW_LINKS), "pid file");
    }

    private static String status(JsonNode report, String id) {
        return find(report.get("checks"), "id", id).get("status").asText();
    }

    @Test
    void fixWithYesCleansTheLeftoversOfAKilledDaemonAndTheDoctorThenPasses(CumpsHarness h) throws Exception {
        long keep = crashedBesideALiveOne(h);
        long keepTicks = Procs.stat(keep).orElseThrow().startTicks();
        JsonNode before = h.cumps("doctor", "--gpus", "0", "--json").assertOk().json();
        for (String id : LEFTOVER_CHECKS) {
            assertEquals("warn", status(before, id), id);
        }

        Run fix = h.cumps("doctor", "--gpus", "0", "--fix", "--yes").assertOk();

        assertTrue(fix.stdout().contains("Fixes (4):\n  1. move the stale record " + h.recordFile("gone")), fix.stdout());
        assertTrue(fix.stdout().contains("  2. remove the orphaned control socket " + h.defaultPipe("gone").resolve("control")),
                fix.stdout());
        assertTrue(fix.stdout().contains("  3. remove the orphaned control socket " + h.defaultPipe("gone").resolve("control_privileged")),
                fix.stdout());
        assertEquals(4, fix.stdout().split("\\. done: ", -1).length - 1, fix.stdout());
        assertFalse(fix.stdout().contains("NOT DONE"), fix.stdout());
        assertTrue(fix.stdout().strip().endsWith("VALID: 21 pass, 0 warn, 0 fail, 0 skip"), fix.stdout());
        assertLeftovers(h, false);
        assertTrue(Files.isDirectory(h.defaultPipe("gone")), "only the leftovers go, not the directory");
        assertEquals(keepTicks, Procs.stat(keep).orElseThrow().startTicks(), "the live daemon is the same process");
        assertTrue(Procs.runningDaemon(keep));
        JsonNode after = h.cumps("doctor", "--gpus", "0", "--json").assertOk().json();
        for (String id : LEFTOVER_CHECKS) {
            assertEquals("pass", status(after, id), id);
        }
        assertTrue(after.get("valid").asBoolean());
        h.cumps("stop", "--name", "keep").assertOk();
    }

    @Test
    void withoutYesOnAPipeForStdinNothingChangesAndTheRunFails(CumpsHarness h) throws Exception {
        long keep = crashedBesideALiveOne(h);
        String record = Files.readString(h.recordFile("gone"));

        Run run = h.cumps("doctor", "--gpus", "0", "--fix");

        assertEquals(1, run.exitCode(), run.toString());
        assertEquals("error: 4 fix(es) not applied: no terminal to confirm on (stdin or stdout is redirected); rerun with --yes\n", run.stderr());
        assertTrue(run.stdout().contains("Fixes (4):"), run.stdout());
        assertLeftovers(h, true);
        assertEquals(record, Files.readString(h.recordFile("gone")));
        assertTrue(Procs.runningDaemon(keep));
        h.cumps("stop", "--name", "keep").assertOk();
    }

    /** A stop that finds the record stale removes what the dead daemon left, so status lists no UNMANAGED pipe there. */
    @Test
    void stopOnAKilledDaemonRemovesItsRecordSocketsAndPidFile(CumpsHarness h) throws Exception {
        long keep = crashedBesideALiveOne(h);
        Path pipe = h.defaultPipe("gone");

        Run stop = h.cumps("stop", "--name", "gone");

        assertEquals(1, stop.exitCode(), "nothing was stopped: " + stop);
        assertTrue(stop.stderr().startsWith("error: record 'gone' was stale"), stop.stderr());
        assertLeftovers(h, false);
        assertTrue(Files.isDirectory(pipe), "only the leftovers go, not the directory");
        JsonNode status = h.cumps("status", "--json").assertOk().json();
        for (JsonNode row : status.get("control_pipes")) {
            assertFalse(row.toString().contains(pipe.toString()), "no pipe row for the dead daemon's directory: " + status);
        }
        JsonNode doctor = h.cumps("doctor", "--gpus", "0", "--json").assertOk().json();
        for (String id : LEFTOVER_CHECKS) {
            assertEquals("pass", status(doctor, id), id);
        }
        assertTrue(Procs.runningDaemon(keep));
        h.cumps("stop", "--name", "keep").assertOk();
    }
}
