package dev.cumps.core.lifecycle;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.cumps.core.exec.CommandSpec;
import dev.cumps.core.message.CumpsException;
import dev.cumps.core.record.DaemonRecord;
import dev.cumps.core.testing.FakeGpu;
import dev.cumps.core.testing.FakeMpsHost;
import dev.cumps.core.testing.Sandbox;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.function.Function;
import java.util.stream.Collectors;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

class DaemonStopTest {
    private Sandbox sb;

    @BeforeEach
    void setUp() {
        sb = new Sandbox();
    }

    @AfterEach
    void cleanUp() {
        sb.close();
    }

    private DaemonStopper stopper() {
        return sb.services().stopper();
    }

    private StopOutcome stop(String name) {
        return stopper().stop(Optional.ofNullable(name));
    }

    @Test
    void stopRefusesANameWithoutRecord() {
        CumpsException e = assertThrows(CumpsException.class, () -> stop("ghost"));

        assertTrue(e.getMessage().contains("only daemons recorded"), e.getMessage());
        assertTrue(sb.mps.runner().specs().isEmpty());
    }

    @Test
    void stopRefusesRecordOfAnotherUserNamingTheOwner() {
        sb.foreignRecord("theirs", 4242, Sandbox.HOSTNAME, 4_110_000L, 9);
        sb.processes.put(4_110_000L, "nvidia-cuda-mps", 9);

        CumpsException e = assertThrows(CumpsException.class, () -> stop("theirs"));

        assertTrue(e.getMessage().contains("uid 4242"), e.getMessage());
        assertTrue(sb.mps.runner().specs().isEmpty());
        assertTrue(Files.exists(sb.recordFile("theirs")));
        assertTrue(sb.processes.contains(4_110_000L));
    }

    @Test
    void stopRefusesRecordOfAnotherHostNamingTheHost() {
        sb.foreignRecord("remote", sb.uid, "otherhost", 4_110_001L, 9);
        sb.processes.put(4_110_001L, "nvidia-cuda-mps", 9);

        CumpsException e = assertThrows(CumpsException.class, () -> stop("remote"));

        assertTrue(e.getMessage().contains("otherhost"), e.getMessage());
        assertTrue(sb.mps.runner().specs().isEmpty());
        assertTrue(Files.exists(sb.recordFile("remote")));
    }

    @Test
    void staleRecordWhosePidIsGoneIsRemovedWithoutContactingAnything() {
        DaemonRecord r = sb.start("gone");
        sb.processes.kill(r.pid());
        sb.mps.runner().clear();

        StopOutcome outcome = stop("gone");

        assertEquals(StopOutcome.Result.STALE_REMOVED, outcome.result());
        assertTrue(outcome.message().contains("stale"), outcome.message());
        assertFalse(Files.exists(sb.recordFile("gone")));
        assertTrue(sb.mps.runner().specsFor(FakeMpsHost.CONTROL).isEmpty());
    }

    @Test
    void staleRecordWhosePidWasReusedIsRemovedAndTheNewProcessIsLeftAlone() {
        DaemonRecord r = sb.start("reused");
        sb.processes.reuse(r.pid(), "nvidia-cuda-mps", r.processStartTicks() + 5000);
        sb.mps.runner().clear();

        StopOutcome outcome = stop("reused");

        assertEquals(StopOutcome.Result.STALE_REMOVED, outcome.result());
        assertTrue(outcome.message().contains("stale"), outcome.message());
        assertTrue(sb.mps.runner().specsFor(FakeMpsHost.CONTROL).isEmpty());
        assertTrue(sb.processes.contains(r.pid()), "the process now holding the pid is untouched");
        assertFalse(Files.exists(sb.recordFile("reused")));
    }

    @Test
    void stopSendsQuitOnStdinWithTheRecordsPipeDirectoryAndCleansUp() {
        DaemonRecord r = sb.start("live");
        sb.mps.runner().clear();

        StopOutcome outcome = stop("live");

        assertEquals(StopOutcome.Result.STOPPED, outcome.result(), outcome.message());
        List<CommandSpec> calls = sb.mps.clientCalls();
        assertEquals(1, calls.size());
        assertEquals(List.of(FakeMpsHost.CONTROL), calls.get(0).argv());
        assertEquals("quit\n", calls.get(0).stdin());
        assertEquals(r.pipeDirectory().toString(), calls.get(0).environment().get("CUDA_MPS_PIPE_DIRECTORY"));
        assertFalse(sb.processes.contains(r.pid()));
        assertFalse(Files.exists(sb.recordFile("live")));
        assertFalse(Files.exists(r.pipeDirectory().resolve("control"), LinkOption.NOFOLLOW_LINKS));
        assertFalse(Files.exists(r.pipeDirectory().resolve("nvidia-cuda-mps-control.pid")));
    }

    @Test
    void theSameNameStartsAgainAfterAStop() {
        DaemonRecord first = sb.start("cycle");
        stop("cycle");

        DaemonRecord second = sb.start("cycle");

        assertEquals(first.pipeDirectory(), second.pipeDirectory());
        assertEquals(2, sb.mps.launches().size());
    }

    @Test
    void daemonThatIgnoresQuitFailsTheStopAndKeepsItsRecord() {
        sb.mps.launch(FakeMpsHost.Launch.IGNORES_QUIT);
        DaemonRecord r = sb.start("stubborn");

        StopOutcome outcome = stop("stubborn");

        assertEquals(StopOutcome.Result.FAILED, outcome.result());
        assertTrue(outcome.message().contains("did not exit"), outcome.message());
        assertTrue(Files.exists(sb.recordFile("stubborn")));
        assertTrue(sb.processes.contains(r.pid()));
        assertTrue(Files.exists(r.pipeDirectory().resolve("control"), LinkOption.NOFOLLOW_LINKS));
    }

    @Test
    void stopWithoutNameStopsTheSoleLiveRecord() {
        DaemonRecord dead = sb.start("dead");
        sb.processes.kill(dead.pid());
        DaemonRecord live = sb.start("only");

        StopOutcome outcome = stop(null);

        assertEquals("only", outcome.name());
        assertEquals(StopOutcome.Result.STOPPED, outcome.result());
        assertFalse(sb.processes.contains(live.pid()));
        assertTrue(Files.exists(sb.recordFile("dead")), "a stale record is not what a nameless stop targets");
    }

    @Test
    void stopWithoutNameAndNoLiveRecordAsksForName() {
        CumpsException e = assertThrows(CumpsException.class, () -> stop(null));

        assertTrue(e.getMessage().contains("--name"), e.getMessage());
    }

    @Test
    void stopWithoutNameAndSeveralLiveRecordsAsksForNameAndStopsNothing() {
        sb.mps.gpus(FakeGpu.exclusive(0), FakeGpu.exclusive(1));
        DaemonRecord a = sb.start("aa", 0);
        DaemonRecord b = sb.start("bb", 1);

        CumpsException e = assertThrows(CumpsException.class, () -> stop(null));

        assertTrue(e.getMessage().contains("--name"), e.getMessage());
        assertTrue(e.getMessage().contains("aa") && e.getMessage().contains("bb"), e.getMessage());
        assertTrue(sb.processes.contains(a.pid()) && sb.processes.contains(b.pid()));
        assertFalse(sb.mps.clientCommands().contains("quit\n"));
    }

    @Test
    void pidFileNamingAnotherPidFailsTheStopWithoutSignalling() throws IOException {
        DaemonRecord r = sb.start("swapped");
        Files.writeString(r.pipeDirectory().resolve("nvidia-cuda-mps-control.pid"), "5200000\n");
        sb.mps.runner().clear();

        StopOutcome outcome = stop("swapped");

        assertEquals(StopOutcome.Result.FAILED, outcome.result());
        assertTrue(outcome.message().contains("5200000"), outcome.message());
        assertTrue(sb.mps.runner().specs().isEmpty());
        assertTrue(Files.exists(sb.recordFile("swapped")));
        assertTrue(sb.processes.contains(r.pid()));
    }

    /**
     * A record that names daemon A's pid and start time but daemon B's pipe directory, where B's pid
     * file is gone, a FIFO, a link to A's, or a regular file naming A's pid: {@code quit} on that directory would reach B, the
     * daemon nobody asked to stop. Nothing is sent, and both daemons keep running.
     */
    @ParameterizedTest
    @ValueSource(strings = {"link-to-a", "missing", "fifo", "forged"})
    void aRecordWhosePipeDirectoryIsAnotherDaemonsIsRefusedWhateverItsPidFileSays(String pidFile) throws IOException {
        sb.mps.gpus(FakeGpu.exclusive(0), FakeGpu.exclusive(1));
        DaemonRecord a = sb.start("aa", 0);
        DaemonRecord b = sb.start("bb", 1);
        Path bPidFile = b.pipeDirectory().resolve("nvidia-cuda-mps-control.pid");
        Files.delete(bPidFile);
        if (pidFile.equals("link-to-a")) {
            Files.createSymbolicLink(bPidFile, a.pipeDirectory().resolve("nvidia-cuda-mps-control.pid"));
        } else if (pidFile.equals("fifo")) {
            Sandbox.mkfifo(bPidFile);
        } else if (pidFile.equals("forged")) {
            Files.writeString(bPidFile, a.pid() + "\n");
        }
        sb.handRecord("liar", a.pid(), a.processStartTicks(), b.pipeDirectory(), b.logDirectory());
        sb.mps.runner().clear();

        StopOutcome outcome = stop("liar");

        assertEquals(StopOutcome.Result.FAILED, outcome.result(), outcome.message());
        assertTrue(outcome.message().contains("nothing was signalled"), outcome.message());
        assertFalse(sb.mps.clientCommands().contains("quit\n"), "no quit reached any pipe directory");
        assertTrue(sb.processes.isAlive(b.identity()), "the daemon serving that pipe directory still runs");
        assertTrue(sb.processes.isAlive(a.identity()), "the recorded daemon was not signalled either");
        assertTrue(sb.processes.terminated().isEmpty());
        assertTrue(Files.exists(sb.recordFile("liar")));
    }

    /** A pid file spelling the recorded pid with other digits (or a sign) is no pid file a daemon wrote. */
    @ParameterizedTest
    @ValueSource(strings = {"arabic-indic", "plus"})
    void aPidFileThatIsNotAsciiDigitsDoesNotConfirmThePipeDirectory(String spelling) throws IOException {
        Path pipe = sb.dir.resolve("hand-pipe");
        Sandbox.mkdir700(pipe);
        DaemonRecord r = sb.handRecord("hand", 4_190_500L, 77, pipe, sb.dir.resolve("hand-log"));
        sb.processes.put(r.pid(), "nvidia-cuda-mps", 77); // started by hand: no environment to tell its pipe directory
        String digits = Long.toString(r.pid());
        String text = spelling.equals("plus") ? "+" + digits
                : digits.chars().mapToObj(c -> Character.toString(0x0660 + c - '0')).collect(Collectors.joining());
        Files.writeString(pipe.resolve("nvidia-cuda-mps-control.pid"), text + "\n");
        sb.mps.runner().clear();

        StopOutcome outcome = stop("hand");

        assertEquals(StopOutcome.Result.FAILED, outcome.result(), outcome.message());
        assertTrue(outcome.message().contains("nothing was signalled"), outcome.message());
        assertTrue(sb.mps.runner().specs().isEmpty(), "no quit was sent");
        assertTrue(sb.processes.contains(r.pid()));
    }

    @Test
    void aDaemonWhosePidFileIsAFifoIsStillStoppedBecauseItWasStartedOnItsPipeDirectory() throws IOException {
        DaemonRecord r = sb.start("fifo");
        Path pidFile = r.pipeDirectory().resolve("nvidia-cuda-mps-control.pid");
        Files.delete(pidFile);
        Sandbox.mkfifo(pidFile);

        StopOutcome outcome = stop("fifo");

        assertEquals(StopOutcome.Result.STOPPED, outcome.result(), outcome.message());
        assertFalse(sb.processes.contains(r.pid()));
    }

    @Test
    void unreadableRecordIsMovedAsideAndNothingIsSignalled() {
        sb.writeRaw("mangled", "[]");

        StopOutcome outcome = stop("mangled");

        assertEquals(StopOutcome.Result.UNREADABLE_QUARANTINED, outcome.result());
        assertFalse(Files.exists(sb.recordFile("mangled")));
        assertTrue(Files.exists(sb.records.resolve(".stale").resolve("mangled-" + Sandbox.NOW.toEpochMilli())));
        assertTrue(sb.mps.runner().specs().isEmpty());
    }

    @Test
    void stopAllStopsLiveCleansStaleLeavesForeignAndSurvivesAFailure() {
        sb.mps.gpus(FakeGpu.exclusive(0), FakeGpu.exclusive(1), FakeGpu.exclusive(2));
        sb.mps.launch(FakeMpsHost.Launch.IGNORES_QUIT);
        DaemonRecord stuck = sb.start("a-stuck", 0);
        sb.mps.launch(FakeMpsHost.Launch.OK);
        DaemonRecord live1 = sb.start("b-live", 1);
        DaemonRecord stale = sb.start("c-stale", 2);
        sb.processes.kill(stale.pid());
        DaemonRecord live2 = sb.start("d-live", 2);
        sb.foreignRecord("e-foreign", 4242, Sandbox.HOSTNAME, 4_110_010L, 3);
        sb.processes.put(4_110_010L, "nvidia-cuda-mps", 3);

        List<StopOutcome> outcomes = stopper().stopAll();

        Map<String, StopOutcome.Result> byName = outcomes.stream()
                .collect(Collectors.toMap(StopOutcome::name, StopOutcome::result));
        assertEquals(Map.of("a-stuck", StopOutcome.Result.FAILED, "b-live", StopOutcome.Result.STOPPED,
                "c-stale", StopOutcome.Result.STALE_REMOVED, "d-live", StopOutcome.Result.STOPPED), byName);
        assertTrue(Files.exists(sb.recordFile("a-stuck")));
        assertFalse(Files.exists(sb.recordFile("b-live")));
        assertFalse(Files.exists(sb.recordFile("c-stale")));
        assertFalse(Files.exists(sb.recordFile("d-live")));
        assertTrue(Files.exists(sb.recordFile("e-foreign")));
        assertTrue(sb.processes.contains(4_110_010L));
        assertFalse(sb.processes.contains(live1.pid()));
        assertFalse(sb.processes.contains(live2.pid()));
        assertTrue(sb.processes.contains(stuck.pid()));
        Function<CommandSpec, String> pipeOf = s -> s.environment().get("CUDA_MPS_PIPE_DIRECTORY");
        List<String> quitPipes = sb.mps.clientCalls().stream().filter(s -> "quit\n".equals(s.stdin())).map(pipeOf).toList();
        assertEquals(List.of(stuck.pipeDirectory().toString(), live1.pipeDirectory().toString(), live2.pipeDirectory().toString()),
                quitPipes, "quit goes only to live records, never to the stale or foreign one");
    }

    @Test
    void removeRecordRefusesALiveDaemon() {
        DaemonRecord r = sb.start("keep");

        CumpsException e = assertThrows(CumpsException.class, () -> stopper().removeRecord("keep"));

        assertTrue(e.getMessage().contains("live"), e.getMessage());
        assertTrue(Files.exists(sb.recordFile("keep")));
        assertTrue(sb.processes.contains(r.pid()));
    }

    @Test
    void removeRecordMovesAStaleRecordAsideWithoutContactingAnything() {
        DaemonRecord r = sb.start("old");
        sb.processes.kill(r.pid());
        sb.mps.runner().clear();

        Path moved = stopper().removeRecord("old");

        assertEquals(sb.records.resolve(".stale").resolve("old-" + Sandbox.NOW.toEpochMilli()), moved);
        assertTrue(Files.exists(moved.resolve("daemon.json")));
        assertFalse(Files.exists(sb.recordFile("old")));
        assertTrue(sb.mps.runner().specs().isEmpty());
    }

    @Test
    void zombieDaemonCountsAsStopped() {
        DaemonRecord r = sb.start("zomb");
        sb.processes.zombie(r.pid());

        StopOutcome outcome = stop("zomb");

        assertEquals(StopOutcome.Result.STALE_REMOVED, outcome.result());
        assertTrue(sb.mps.runner().specs().stream().noneMatch(s -> "quit\n".equals(s.stdin())));
    }
}
