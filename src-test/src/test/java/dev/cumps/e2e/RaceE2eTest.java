package dev.cumps.e2e;

import static dev.cumps.e2e.LifecycleE2eTest.find;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import dev.cumps.e2e.CumpsHarness.Run;
import dev.cumps.sim.SimConfig;
import java.io.IOException;
import java.nio.channels.FileChannel;
import java.nio.channels.FileLock;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;

/**
 * Real {@code cumps} processes racing each other. Each racer is a {@code sh} waiting at a gate (until
 * a go-file exists) that then execs the cumps JVM, so all of them are released together; which one
 * reaches the lock first is up to the machine, and every assertion holds whichever it is.
 */
@ExtendWith(CumpsExtension.class)
class RaceE2eTest {
    private static final String BUSY = "right now; wait for it to finish and try again";
    /** cumps's message when the (JVM) stand-in nvidia-smi misses its 5 s limit on an overloaded machine. */
    static final String SLOW_HOST = "nvidia-smi did not answer within";

    /** Releases the commands together and returns what each did, in order. */
    static List<Run> race(CumpsHarness h, List<List<String>> commands) throws IOException, InterruptedException {
        Path go = h.root.resolve("go");
        List<Process> racers = new ArrayList<>();
        List<Path> ready = new ArrayList<>();
        List<Path[]> outputs = new ArrayList<>();
        for (int i = 0; i < commands.size(); i++) {
            Path out = h.root.resolve("racer" + i + ".out");
            Path err = h.root.resolve("racer" + i + ".err");
            ready.add(h.root.resolve("racer" + i + ".ready"));
            outputs.add(new Path[] {out, err});
            racers.add(h.startGated(ready.get(i), go, out, err, commands.get(i).toArray(String[]::new)));
        }
        CumpsHarness.await("every racer at the gate", CumpsHarness.PATIENCE, () -> ready.stream().allMatch(Files::exists));
        Files.createFile(go);
        List<Run> runs = new ArrayList<>();
        for (int i = 0; i < racers.size(); i++) {
            boolean finished = racers.get(i).waitFor(CumpsHarness.RUN_TIMEOUT.toSeconds(), TimeUnit.SECONDS);
            assertTrue(finished, "racer " + i + " (" + commands.get(i) + ") finished");
            runs.add(new Run(commands.get(i), racers.get(i).exitValue(), Files.readString(outputs.get(i)[0]),
                    Files.readString(outputs.get(i)[1]), false, Duration.ZERO));
        }
        Files.delete(go);
        return runs;
    }

    /** Every daemon of this test is named by a live record, and every live record by one daemon: nothing unrecorded. */
    static void assertEveryDaemonRecorded(CumpsHarness h) {
        JsonNode sj = h.cumps("status", "--json").assertOk().json();
        Set<Long> recorded = new HashSet<>();
        for (JsonNode d : sj.get("managed_daemons")) {
            assertEquals("live", d.get("record_state").asText(), "no record is left stale by the race: " + d);
            recorded.add(d.get("pid").asLong());
            h.remember(d.get("pid").asLong());
        }
        assertEquals(recorded, new HashSet<>(h.markedDaemons()), "the running daemons are exactly the recorded ones");
        assertEquals(0, sj.get("unreadable_records").size());
    }

    @Test
    void ofSixStartsOfOneNameReleasedTogetherExactlyOneWins(CumpsHarness h) throws Exception {
        List<List<String>> six = new ArrayList<>();
        for (int i = 0; i < 6; i++) {
            six.add(List.of("start", "--name", "race"));
        }
        // Six cumps JVMs plus six stand-in nvidia-smi JVMs at once can make the stand-in miss cumps's 5 s nvidia-smi
        // limit on a loaded machine: such a racer never reached the name lock. If that befalls every racer, the
        // race did not take place, and is run again.
        for (int round = 1; ; round++) {
            int winners = 0;
            int slowHost = 0;
            for (Run run : race(h, six)) {
                if (run.exitCode() == 0) {
                    winners++;
                    h.pidOf(run);
                    assertEquals("", run.stderr());
                } else {
                    String line = run.assertOneLineError();
                    assertEquals("", run.stdout());
                    if (line.contains(SLOW_HOST)) {
                        slowHost++;
                    } else {
                        assertTrue(line.contains("'race' " + BUSY) || line.contains("daemon 'race' is already running"), line);
                    }
                }
            }
            assertTrue(winners <= 1, "never two winners: " + winners);
            if (winners == 1 || round == 3) {
                assertEquals(1, winners, "exactly one racer starts the daemon (" + slowHost + " racers saw nvidia-smi time out)");
                break;
            }
            assertEquals(six.size(), slowHost, "no winner only when no racer reached the lock");
        }
        assertEquals(1, h.markedDaemons().size(), "exactly one daemon runs: " + h.markedDaemons());
        assertEveryDaemonRecorded(h);
        h.cumps("stop", "--name", "race").assertOk();
    }

    @Test
    void twoStopsOfOneDaemonStopItOnceAndTheOtherSaysThereIsNothingToStop(CumpsHarness h) throws Exception {
        long pid = h.pidOf(h.cumps("start", "--name", "twice").assertOk());
        List<Run> runs = race(h, List.of(List.of("stop", "--name", "twice"), List.of("stop", "--name", "twice")));

        List<Run> stopped = runs.stream().filter(r -> r.exitCode() == 0).toList();
        assertEquals(1, stopped.size(), "exactly one stop stops it: " + runs);
        assertEquals(pid, stopped.get(0).json().get("stopped").get(0).get("pid").asLong());
        Run other = runs.stream().filter(r -> r.exitCode() != 0).findFirst().orElseThrow();
        String line = other.assertOneLineError();
        assertTrue(line.contains("no record named 'twice'") || line.contains("'twice' " + BUSY),
                "the other stop says there is nothing (left) to stop, or that the first is stopping it: " + line);
        assertTrue(Procs.awaitGone(pid, CumpsHarness.PATIENCE));
        assertFalse(Files.exists(h.recordFile("twice")));
        assertEveryDaemonRecorded(h);
    }

    @Test
    void startRacingStopOfTheSameNameLeavesOneConsistentState(CumpsHarness h) throws Exception {
        long old = h.pidOf(h.cumps("start", "--name", "duel").assertOk());
        for (int round = 1; ; round++) {
            List<Run> runs = race(h, List.of(List.of("stop", "--name", "duel"), List.of("start", "--name", "duel")));
            Run stop = runs.get(0);
            Run start = runs.get(1);
            if (start.exitCode() != 0 && start.stderr().contains(SLOW_HOST)) {
                // The stand-in nvidia-smi missed its limit on an overloaded machine: that start proved nothing
                // about the race, so the duel is run again from one live daemon, at most three times.
                assertTrue(round < 3, "every round lost its start to a slow host: " + runs);
                if (stop.exitCode() == 0) {
                    assertTrue(Procs.awaitGone(old, CumpsHarness.PATIENCE), "the stopped daemon is gone");
                    old = h.pidOf(h.cumps("start", "--name", "duel").assertOk());
                }
                continue;
            }
            if (stop.exitCode() == 0) {
                assertEquals(old, stop.json().get("stopped").get(0).get("pid").asLong());
                assertTrue(Procs.awaitGone(old, CumpsHarness.PATIENCE), "the stopped daemon is gone");
                if (start.exitCode() == 0) {
                    assertEquals(h.pidOf(start), h.recordedPid("duel"), "the start that came after the stop recorded its daemon");
                } else {
                    // The start met the name either held by the stop, or before the stop with the old daemon live.
                    String line = start.assertOneLineError();
                    assertTrue(line.contains("'duel' " + BUSY) || line.contains("daemon 'duel' is already running"), line);
                    assertFalse(Files.exists(h.recordFile("duel")), "the stop removed the record and nothing replaced it");
                }
            } else {
                // The start held the name, saw the old daemon live and refused: the old daemon is untouched.
                assertTrue(stop.assertOneLineError().contains("'duel' " + BUSY), stop.toString());
                assertTrue(start.assertOneLineError().contains("daemon 'duel' is already running"), start.toString());
                assertTrue(Procs.runningDaemon(old));
                assertEquals(old, h.recordedPid("duel"));
            }
            break;
        }
        assertEveryDaemonRecorded(h);
        assertTrue(h.markedDaemons().size() <= 1, "at most one daemon for the name: " + h.markedDaemons());
    }

    @Test
    void stopAllRacingAStartStopsWhatItFoundAndLeavesNoDaemonUnrecorded(CumpsHarness h) throws Exception {
        h.configure(SimConfig.defaults(2));
        long first = h.pidOf(h.cumps("start", "--name", "first", "--gpus", "0").assertOk());
        List<Run> runs = race(h, List.of(List.of("stop", "--all"), List.of("start", "--name", "second", "--gpus", "1")));
        Run all = runs.get(0);
        Run start = runs.get(1);

        JsonNode report = all.json();
        assertEquals(first, find(report.get("stopped"), "name", "first").get("pid").asLong(), "stop --all stopped the daemon it found");
        assertTrue(Procs.awaitGone(first, CumpsHarness.PATIENCE));
        if (all.exitCode() != 0) {
            // It found the new record while the start still held its name: it says so and leaves it.
            assertTrue(all.assertErrorLine().contains("'second' " + BUSY), all.toString());
        }
        if (start.exitCode() == 0) {
            long second = h.pidOf(start);
            boolean stoppedToo = false;
            for (JsonNode s : report.get("stopped")) {
                stoppedToo |= s.get("name").asText().equals("second");
            }
            if (stoppedToo) {
                assertTrue(Procs.awaitGone(second, CumpsHarness.PATIENCE), "stop --all stopped the new daemon it listed");
                assertFalse(Files.exists(h.recordFile("second")));
            } else {
                assertTrue(Procs.runningDaemon(second), "the new daemon runs, recorded");
                assertEquals(second, h.recordedPid("second"));
            }
        } else {
            start.assertOneLineError();
            assertFalse(Files.exists(h.recordFile("second")));
        }
        assertEveryDaemonRecorded(h);
    }

    @Test
    void twoStartsOnOnePipeDirectoryExactlyOneWins(CumpsHarness h) throws Exception {
        h.configure(SimConfig.defaults(2));
        Path pipe = h.privateDir("shared/pipe");
        List<Run> runs = race(h, List.of(
                List.of("start", "--name", "left", "--gpus", "0", "--pipe-dir", pipe.toString(), "--log-dir", h.privateDir("shared/l1").toString()),
                List.of("start", "--name", "right", "--gpus", "1", "--pipe-dir", pipe.toString(), "--log-dir", h.privateDir("shared/l2").toString())));

        List<Run> won = runs.stream().filter(r -> r.exitCode() == 0).toList();
        assertEquals(1, won.size(), "exactly one start gets the pipe directory: " + runs);
        long pid = h.pidOf(won.get(0));
        Run lost = runs.stream().filter(r -> r.exitCode() != 0).findFirst().orElseThrow();
        assertTrue(lost.assertOneLineError().contains(pipe.toString()), "the loser names the pipe directory: " + lost);
        assertEquals(List.of(pid), h.markedDaemons(), "one daemon serves the directory");
        assertEquals(Optional.of(pid), CumpsHarness.pidFile(pipe));
        assertEveryDaemonRecorded(h);
        h.cumps("stop", "--all").assertOk();
    }

    @Test
    void aSigkilledLockHolderDoesNotBlockTheNextCommand(CumpsHarness h) throws Exception {
        // A slow daemon keeps the start inside its name lock (waiting for the control socket) until we kill it.
        Path out = h.root.resolve("held.out");
        Path err = h.root.resolve("held.err");
        Process holder = h.start(Map.of(), out, err, "start", "--name", "held", "--env", "CUMPS_SIM_MPS_FAULT=slow",
                "--env", "CUMPS_SIM_MPS_SLOW_MS=600000");
        Path pipe = h.defaultPipe("held");
        CumpsHarness.await("the slow daemon's pid file", CumpsHarness.PATIENCE, () -> CumpsHarness.pidFile(pipe).isPresent());
        long daemon = CumpsHarness.pidFile(pipe).orElseThrow();
        h.remember(daemon);
        Path lockFile = h.records().resolve(".locks/held.lock");
        assertNull(tryLock(lockFile), "the start holds the name lock");

        holder.destroyForcibly(); // SIGKILL
        assertTrue(holder.waitFor(CumpsHarness.PATIENCE.toSeconds(), TimeUnit.SECONDS));

        String stop = h.cumps("stop", "--name", "held").assertOneLineError();
        assertTrue(stop.contains("no record named 'held'"), "the lock died with its holder; nothing is recorded: " + stop);
        Procs.kill(daemon); // the unrecorded daemon the killed start left, ours by pid
        assertTrue(Procs.awaitGone(daemon, CumpsHarness.PATIENCE));
        long pid = h.pidOf(h.cumps("start", "--name", "held").assertOk());
        h.cumps("stop", "--name", "held").assertOk();
        assertTrue(Procs.awaitGone(pid, CumpsHarness.PATIENCE));
    }

    /** Tries the name lock as another process would; returns null when someone holds it (the lock is released at once otherwise). */
    private static FileLock tryLock(Path lockFile) throws IOException {
        try (FileChannel channel = FileChannel.open(lockFile, StandardOpenOption.WRITE)) {
            FileLock lock = channel.tryLock();
            if (lock != null) {
                lock.release();
            }
            return lock;
        }
    }
}
