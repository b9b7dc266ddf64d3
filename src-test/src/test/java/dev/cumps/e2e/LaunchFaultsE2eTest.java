package dev.cumps.e2e;

import static dev.cumps.e2e.LifecycleE2eTest.find;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.cumps.e2e.CumpsHarness.Run;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicReference;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;

/**
 * Daemons that fail to come up, never answer, or die: start cleans up and says why. The daemon gets
 * only an allowlisted environment, so each fault reaches the stand-in through {@code start --env}.
 */
@ExtendWith(CumpsExtension.class)
class LaunchFaultsE2eTest {

    @Test
    void failedLaunchShowsControlLogAndLeavesNothingBehind(CumpsHarness h) {
        String line = h.cumps("start", "--name", "nolaunch", "--env", "CUMPS_SIM_MPS_FAULT=launch-fails").assertOneLineError();
        assertTrue(line.contains("did not start"), line);
        assertTrue(line.contains("Failed to start: error opening pipe directory"), "the control.log text is shown: " + line);
        assertFalse(Files.exists(h.recordFile("nolaunch")), "no record");
        assertEquals(List.of(), h.markedDaemons(), "no daemon left");
    }

    @Test
    void unansweringLaunchIsEndedAndLeavesNoRecord(CumpsHarness h) throws Exception {
        Path pipe = h.defaultPipe("mute");
        Path out = h.root.resolve("mute.out");
        Path err = h.root.resolve("mute.err");
        Process start = h.start(Map.of(), out, err, "start", "--name", "mute", "--env", "CUMPS_SIM_MPS_FAULT=no-answer");
        AtomicReference<Long> daemon = new AtomicReference<>();
        // The pid file exists only while the failed launch is cleaned up; catch the pid meanwhile.
        CumpsHarness.await("the no-answer daemon's pid file", CumpsHarness.PATIENCE, () -> {
            Optional<Long> pid = CumpsHarness.pidFile(pipe);
            pid.ifPresent(p -> {
                daemon.set(p);
                h.remember(p);
            });
            return pid.isPresent() || !start.isAlive();
        });
        assertTrue(start.waitFor(60, TimeUnit.SECONDS), "start gives up within its bounds");
        Run run = new Run(List.of("start"), start.exitValue(), Files.readString(out), Files.readString(err), false, Duration.ZERO);
        String line = run.assertOneLineError();
        assertTrue(line.contains("did not answer"), line);
        assertTrue(daemon.get() != null, "the daemon had written its pid file");
        assertTrue(Procs.awaitGone(daemon.get(), CumpsHarness.PATIENCE), "the unanswering daemon " + daemon.get() + " was ended");
        assertFalse(Files.exists(h.recordFile("mute")), "no record");
        assertEquals(List.of(), h.markedDaemons());
    }

    @Test
    void daemonThatDiesAfterStartingShowsStale(CumpsHarness h) throws Exception {
        // The daemon dies when this file appears, so the start is sure to finish first.
        Path trigger = h.root.resolve("die-now");
        Run start = h.cumps("start", "--name", "frail", "--env", "CUMPS_SIM_MPS_FAULT=dies", "--env", "CUMPS_SIM_MPS_DIE_FILE=" + trigger)
                .assertOk();
        long pid = h.pidOf(start);
        assertTrue(Procs.runningDaemon(pid));
        assertEquals("live", find(h.cumps("status", "--json").assertOk().json().get("managed_daemons"), "name", "frail")
                .get("record_state").asText());

        Files.createFile(trigger);
        assertTrue(Procs.awaitGone(pid, CumpsHarness.PATIENCE), "the daemon dies on its own");

        Run status = h.cumps("status").assertOk();
        assertTrue(status.stdout().lines().anyMatch(l -> l.contains("frail") && l.contains(" STALE ")), status.stdout());
        assertEquals("stale", find(h.cumps("status", "--json").assertOk().json().get("managed_daemons"), "name", "frail")
                .get("record_state").asText());
        assertTrue(h.cumps("stop", "--name", "frail").assertOneLineError().contains("stale"));
        assertFalse(Files.exists(h.recordFile("frail")));
        assertEquals(List.of(), h.markedDaemons());
    }

    @Test
    void daemonThatDiesWhileStartWaitsForItFailsTheStartAndLeavesNothing(CumpsHarness h) throws Exception {
        // The file exists before the launch: the daemon takes its lock, writes its pid file and dies before binding.
        Path trigger = Files.createFile(h.root.resolve("die-now"));
        String line = h.cumps("start", "--name", "frail", "--env", "CUMPS_SIM_MPS_FAULT=dies", "--env", "CUMPS_SIM_MPS_DIE_FILE=" + trigger)
                .assertOneLineError();
        assertTrue(line.contains("did not start") && line.contains("exited before creating its control socket"), line);
        assertFalse(Files.exists(h.recordFile("frail")), "no record");
        assertEquals(List.of(), h.markedDaemons(), "no daemon left");
        // what the dead launch left is cleared: the next start of the name works
        long pid = h.pidOf(h.cumps("start", "--name", "frail").assertOk());
        h.cumps("stop", "--name", "frail").assertOk();
        assertTrue(Procs.awaitGone(pid, CumpsHarness.PATIENCE));
    }

    @Test
    void slowDaemonIsWaitedFor(CumpsHarness h) {
        Run start = h.cumps("start", "--name", "slow", "--env", "CUMPS_SIM_MPS_FAULT=slow", "--env", "CUMPS_SIM_MPS_SLOW_MS=2000")
                .assertOk();
        long pid = h.pidOf(start);
        assertTrue(Procs.runningDaemon(pid));
        h.cumps("stop", "--name", "slow").assertOk();
        assertTrue(Procs.awaitGone(pid, CumpsHarness.PATIENCE));
    }
}
