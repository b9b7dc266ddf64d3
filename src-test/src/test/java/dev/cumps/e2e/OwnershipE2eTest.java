package dev.cumps.e2e;

import static dev.cumps.e2e.LifecycleE2eTest.find;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.cumps.e2e.CumpsHarness.Run;
import dev.cumps.sim.SimConfig;
import dev.cumps.sim.SimTools;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;

/**
 * Who owns a pipe directory and a GPU, what a failed start may touch, which directories are
 * refused and what a daemon inherits, with the real cumps and stand-ins.
 */
@ExtendWith(CumpsExtension.class)
class OwnershipE2eTest {
    private static final Duration LIMIT = Duration.ofSeconds(60);

    @Test
    void aSecondStartOnTheSamePipeDirectoryWhileTheFirstIsStartingIsRefusedAndTheFirstLivesOn(CumpsHarness h) throws Exception {
        h.configure(SimConfig.defaults(2));
        Path pipe = h.privateDir("shared-pipe");
        Path out = h.root.resolve("first.out");
        Path err = h.root.resolve("first.err");
        Process first = h.start(Map.of(), out, err, "start", "--name", "first", "--gpus", "0", "--pipe-dir", pipe.toString(),
                "--log-dir", h.root.resolve("l1").toString(), "--env", "CUMPS_SIM_MPS_FAULT=slow", "--env", "CUMPS_SIM_MPS_SLOW_MS=3000");
        // The slow daemon writes its pid file, then waits before it binds its socket: the first start is mid-way.
        CumpsHarness.await("the first daemon's pid file", LIMIT, () -> CumpsHarness.pidFile(pipe).isPresent() || !first.isAlive());
        long daemon = CumpsHarness.pidFile(pipe).orElseThrow();
        h.remember(daemon);
        long ticks = Procs.stat(daemon).orElseThrow().startTicks();

        String line = h.cumps("start", "--name", "second", "--gpus", "1", "--pipe-dir", pipe.toString(),
                "--log-dir", h.root.resolve("l2").toString()).assertOneLineError();

        assertTrue(first.waitFor(LIMIT.toSeconds(), TimeUnit.SECONDS));
        new Run(List.of("start"), first.exitValue(), Files.readString(out), Files.readString(err), false, Duration.ZERO).assertOk();
        assertTrue(line.contains("'first'") && line.contains("cumps stop --name first"), line);
        assertEquals(ticks, Procs.stat(daemon).orElseThrow().startTicks(), "the first daemon is the same process");
        assertTrue(Procs.runningDaemon(daemon), "the first daemon still runs");
        assertEquals(daemon, h.recordedPid("first"));
        assertEquals("live", find(h.cumps("status", "--json").assertOk().json().get("managed_daemons"), "name", "first")
                .get("record_state").asText());
        assertFalse(Files.exists(h.recordFile("second")));
        h.cumps("stop", "--name", "first").assertOk();
    }

    @Test
    void aFailedLaunchWhosePidFileNamesAnotherLiveDaemonLeavesThatDaemonAlone(CumpsHarness h) throws Exception {
        h.configure(SimConfig.defaults(2));
        long keeper = h.pidOf(h.cumps("start", "--name", "keeper", "--gpus", "0").assertOk());
        long ticks = Procs.stat(keeper).orElseThrow().startTicks();
        // A control program whose -d launches nothing: it leaves a pid file naming the keeper and logs a failure.
        Path real = h.bin.resolve("real-mps-control");
        Files.move(h.bin.resolve(SimTools.MPS_CONTROL), real);
        Path wrapper = h.bin.resolve(SimTools.MPS_CONTROL);
        Files.writeString(wrapper, "#!/bin/sh\n"
                + "if [ \"$1\" = \"-d\" ]; then\n"
                + "  echo " + keeper + " > \"$CUDA_MPS_PIPE_DIRECTORY/nvidia-cuda-mps-control.pid\"\n"
                + "  echo '[2026-11-30 10:00:00.000 Control 1] Failed to start: error (stand-in wrapper)' >> \"$CUDA_MPS_LOG_DIRECTORY/control.log\"\n"
                + "  exit 0\n"
                + "fi\n"
                + "exec '" + real + "' \"$@\"\n");
        Files.setPosixFilePermissions(wrapper, PosixFilePermissions.fromString("rwx------"));

        String line = h.cumps("start", "--name", "victim", "--gpus", "1").assertOneLineError();

        assertTrue(line.contains("did not start"), line);
        assertTrue(Procs.runningDaemon(keeper), "the keeper daemon still runs");
        assertEquals(ticks, Procs.stat(keeper).orElseThrow().startTicks(), "and is the same process");
        assertEquals("live", find(h.cumps("status", "--json").assertOk().json().get("managed_daemons"), "name", "keeper")
                .get("record_state").asText());
        assertFalse(Files.exists(h.recordFile("victim")));
        h.cumps("stop", "--name", "keeper").assertOk();
    }

    @Test
    void twoStartsOnOneGpuUnderDifferentNamesReleasedTogetherLetExactlyOneWin(CumpsHarness h) throws Exception {
        List<Process> racers = new ArrayList<>();
        List<Path[]> outputs = new ArrayList<>();
        for (String name : List.of("left", "right")) {
            Path out = h.root.resolve(name + ".out");
            Path err = h.root.resolve(name + ".err");
            outputs.add(new Path[] {out, err});
            racers.add(h.start(Map.of(), out, err, "start", "--name", name, "--env", "CUMPS_SIM_MPS_FAULT=slow",
                    "--env", "CUMPS_SIM_MPS_SLOW_MS=1500"));
        }
        List<String> winners = new ArrayList<>();
        List<String> refusals = new ArrayList<>();
        for (int i = 0; i < racers.size(); i++) {
            assertTrue(racers.get(i).waitFor(LIMIT.toSeconds(), TimeUnit.SECONDS), "racer " + i + " finished");
            String name = i == 0 ? "left" : "right";
            Run run = new Run(List.of("start", "--name", name), racers.get(i).exitValue(), Files.readString(outputs.get(i)[0]),
                    Files.readString(outputs.get(i)[1]), false, Duration.ZERO);
            if (run.exitCode() == 0) {
                h.pidOf(run);
                winners.add(name);
            } else {
                refusals.add(run.assertOneLineError());
            }
        }

        assertEquals(1, winners.size(), "winners " + winners + ", refusals " + refusals);
        String winner = winners.get(0);
        assertTrue(refusals.get(0).contains("'" + winner + "'") && refusals.get(0).contains("cumps stop --name " + winner),
                refusals.get(0));
        assertEquals(1, h.markedDaemons().size(), "one daemon runs: " + h.markedDaemons());
        h.cumps("stop", "--name", winner).assertOk();
    }

    @Test
    void aGpuWithALiveDaemonIsRefusedNamingIt(CumpsHarness h) {
        long pid = h.pidOf(h.cumps("start", "--name", "owner").assertOk());

        String line = h.cumps("start", "--name", "intruder").assertOneLineError();

        assertTrue(line.contains("'owner'") && line.contains("cumps stop --name owner") && line.contains(CumpsHarness.GPU0), line);
        assertFalse(Files.exists(h.recordFile("intruder")));
        assertTrue(Procs.runningDaemon(pid));
        h.cumps("stop", "--name", "owner").assertOk();
    }

    @Test
    void pipeOrLogDirectoriesUnderParentsOthersCanChangeAreRefusedAndNothingIsCreated(CumpsHarness h) throws IOException {
        Path open = Files.createDirectory(h.root.resolve("open"));
        Files.setPosixFilePermissions(open, PosixFilePermissions.fromString("rwxrwxrwx"));
        Path theirs = Files.createDirectory(h.root.resolve("theirs"));
        Files.setAttribute(theirs, "unix:uid", 65534);

        String openLine = h.cumps("start", "--name", "open", "--pipe-dir", open.resolve("p").toString()).assertOneLineError();
        String theirsLine = h.cumps("start", "--name", "theirs", "--log-dir", theirs.resolve("l").toString()).assertOneLineError();

        assertTrue(openLine.contains(open.toString()) && openLine.contains("0777"), openLine);
        assertTrue(theirsLine.contains(theirs.toString()) && theirsLine.contains("uid 65534"), theirsLine);
        assertFalse(Files.exists(open.resolve("p"), LinkOption.NOFOLLOW_LINKS));
        assertFalse(Files.exists(theirs.resolve("l"), LinkOption.NOFOLLOW_LINKS));
        assertFalse(Files.exists(h.runtimeRoot(), LinkOption.NOFOLLOW_LINKS), "no default directory was created either");
        assertFalse(Files.exists(h.recordFile("open")) || Files.exists(h.recordFile("theirs")));
        assertEquals(List.of(), h.markedDaemons());
    }

    @Test
    void theDaemonGetsNoneOfTheCallersLibraryOrMpsSettingsButWhatWasAskedFor(CumpsHarness h) {
        Map<String, String> caller = Map.of("LD_LIBRARY_PATH", "/opt/not-for-daemons", "CUDA_MPS_ACTIVE_THREAD_PERCENTAGE", "10",
                "CUDA_MPS_PINNED_DEVICE_MEM_LIMIT", "0=1G");

        long pid = h.pidOf(h.cumps(caller, "start", "--name", "clean", "--env", "CUDA_MPS_ACTIVE_THREAD_PERCENTAGE=50")
                .assertOk());

        List<String> environ = Procs.environ(pid);
        assertTrue(environ.contains("CUDA_MPS_ACTIVE_THREAD_PERCENTAGE=50"), environ.toString());
        assertFalse(environ.stream().anyMatch(e -> e.startsWith("LD_LIBRARY_PATH=") || e.startsWith("CUDA_MPS_PINNED_DEVICE_MEM_LIMIT=")
                || e.equals("CUDA_MPS_ACTIVE_THREAD_PERCENTAGE=10") || e.startsWith(CumpsHarness.MARKER_VARIABLE + "=")), environ.toString());
        assertTrue(environ.contains("CUDA_VISIBLE_DEVICES=" + CumpsHarness.GPU0), environ.toString());
        h.cumps("stop", "--name", "clean").assertOk();
    }
}
