package dev.cumps.core.lifecycle;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.cumps.core.message.CumpsException;
import dev.cumps.core.proc.ProcessIdentity;
import dev.cumps.core.record.DaemonRecord;
import dev.cumps.core.testing.FakeGpu;
import dev.cumps.core.testing.FakeMpsHost;
import dev.cumps.core.testing.Sandbox;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.List;
import java.util.Optional;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

class DaemonStopperTest {
    private final Sandbox sb = new Sandbox();

    @AfterEach
    void cleanUp() {
        sb.close();
    }

    private DaemonStopper stopper() {
        return new DaemonStopper(Contexts.of(sb));
    }

    @Test
    void aLiveDaemonIsStoppedAndTheOutcomeIsAMessage() {
        DaemonRecord record = sb.start("job");

        StopOutcome outcome = stopper().stop(Optional.of("job"));

        assertEquals(StopOutcome.Result.STOPPED, outcome.result());
        assertEquals("lifecycle.STOPPED", outcome.outcomeMessage().key());
        assertEquals("stopped daemon 'job' (pid " + record.pid() + ")", outcome.message());
        assertFalse(sb.processes.isAlive(record.identity()));
        assertFalse(Files.exists(sb.recordFile("job"), LinkOption.NOFOLLOW_LINKS));
    }

    /** `quit` goes through the record's pipe directory only while it passes the trust rule; the daemon runs on. */
    @Test
    void aPipeDirectoryOthersCanWriteGetsNoQuitAndTheRecordStays() throws Exception {
        DaemonRecord record = sb.start("job");
        Files.setPosixFilePermissions(record.pipeDirectory(), PosixFilePermissions.fromString("rwxrwxrwx"));

        StopOutcome outcome = stopper().stop(Optional.of("job"));

        assertEquals(StopOutcome.Result.FAILED, outcome.result());
        assertEquals("the pipe directory of 'job' is not one cumps talks through: " + record.pipeDirectory()
                + " can be written by group or others (mode 0777); nothing was sent", outcome.message());
        assertTrue(sb.processes.isAlive(record.identity()));
        assertFalse(sb.mps.clientCommands().stream().anyMatch(c -> c.contains("quit")), sb.mps.clientCommands().toString());
        assertTrue(Files.exists(sb.recordFile("job"), LinkOption.NOFOLLOW_LINKS));
    }

    @Test
    void aStaleRecordIsRemovedWithoutContactingAnything() {
        sb.handRecord("old", FakeMpsHost.FIRST_FAKE_PID - 2, 99, sb.dir.resolve("p"), sb.dir.resolve("l"));

        StopOutcome outcome = stopper().stop(Optional.of("old"));

        assertEquals(StopOutcome.Result.STALE_REMOVED, outcome.result());
        assertEquals("lifecycle.STOP_STALE_REMOVED", outcome.outcomeMessage().key());
        assertEquals(List.of(), sb.mps.clientCalls());
        assertEquals(List.of(), sb.processes.terminated());
    }

    @Test
    void withoutANameOnlyASoleLiveDaemonIsChosen() {
        CumpsException none = assertThrows(CumpsException.class, () -> stopper().stop(Optional.empty()));
        assertEquals("lifecycle.NO_LIVE_DAEMON", none.errorMessage().key());

        DaemonRecord a = sb.start("a", 0);
        sb.mps.gpus(FakeGpu.exclusive(0), FakeGpu.exclusive(1));
        DaemonRecord b = sb.start("b", 1);
        CumpsException several = assertThrows(CumpsException.class, () -> stopper().stop(Optional.empty()));
        assertEquals("2 live daemons are recorded (a, b); choose one with --name", several.getMessage());
        assertTrue(sb.processes.isAlive(a.identity()) && sb.processes.isAlive(b.identity()), "nothing was stopped");
    }

    @Test
    void stopAllReportsAFailureAndGoesOnWithTheRest() {
        DaemonRecord stubborn = sb.start("stubborn");
        sb.mps.daemon(stubborn.pipeDirectory()).orElseThrow().ignoresQuit = true;
        sb.handRecord("old", FakeMpsHost.FIRST_FAKE_PID - 3, 5, sb.dir.resolve("p"), sb.dir.resolve("l"));

        List<StopOutcome> outcomes = stopper().stopAll();

        assertEquals(2, outcomes.size());
        StopOutcome failed = outcomes.stream().filter(o -> o.name().equals("stubborn")).findFirst().orElseThrow();
        assertEquals(StopOutcome.Result.FAILED, failed.result());
        assertEquals("lifecycle.STOP_DID_NOT_EXIT", failed.outcomeMessage().key());
        assertTrue(failed.message().endsWith("after quit (quit was accepted); its record was kept"), failed.message());
        assertTrue(sb.processes.isAlive(new ProcessIdentity(stubborn.pid(), stubborn.processStartTicks())));
        assertEquals(StopOutcome.Result.STALE_REMOVED, outcomes.stream().filter(o -> o.name().equals("old")).findFirst()
                .orElseThrow().result());
    }

    @Test
    void removeRecordRefusesALiveDaemonAndMovesAStaleOneAside() {
        sb.start("live");
        CumpsException e = assertThrows(CumpsException.class, () -> stopper().removeRecord("live"));
        assertEquals("daemon 'live' is live; stop it instead of removing its record", e.getMessage());

        sb.handRecord("old", FakeMpsHost.FIRST_FAKE_PID - 4, 5, sb.dir.resolve("p"), sb.dir.resolve("l"));
        assertTrue(Files.isDirectory(stopper().removeRecord("old")));
        assertFalse(Files.exists(sb.recordFile("old"), LinkOption.NOFOLLOW_LINKS));
    }

    private static final String PID_FILE = "nvidia-cuda-mps-control.pid";

    /** A daemon that died without cleaning up: its record is stale, its socket and pid file are left. */
    private DaemonRecord crashed(String name) {
        DaemonRecord r = sb.start(name);
        sb.mps.crash(r.pipeDirectory());
        assertTrue(Files.exists(r.pipeDirectory().resolve("control"), LinkOption.NOFOLLOW_LINKS));
        assertTrue(Files.exists(r.pipeDirectory().resolve(PID_FILE), LinkOption.NOFOLLOW_LINKS));
        return r;
    }

    /** Otherwise the Control pipes list shows the dead daemon's socket as an UNMANAGED daemon's. */
    @Test
    void aStopThatFindsTheRecordStaleRemovesTheDeadDaemonsSocketAndPidFile() {
        DaemonRecord r = crashed("gone");

        StopOutcome outcome = stopper().stop(Optional.of("gone"));

        assertEquals(StopOutcome.Result.STALE_REMOVED, outcome.result());
        assertFalse(Files.exists(r.pipeDirectory().resolve("control"), LinkOption.NOFOLLOW_LINKS));
        assertFalse(Files.exists(r.pipeDirectory().resolve(PID_FILE), LinkOption.NOFOLLOW_LINKS));
        assertTrue(Files.isDirectory(r.pipeDirectory()), "only the leftovers go, not the directory");
        assertFalse(sb.mps.clientCommands().stream().anyMatch(c -> c.contains("quit")), sb.mps.clientCommands().toString());
    }

    @Test
    void removingAStaleRecordRemovesTheDeadDaemonsSocketAndPidFileAndLeavesALiveNeighbour() {
        sb.mps.gpus(FakeGpu.exclusive(0), FakeGpu.exclusive(1));
        DaemonRecord live = sb.start("keep", 0);
        DaemonRecord r = sb.start("gone", 1);
        sb.mps.crash(r.pipeDirectory());

        stopper().removeRecord("gone");

        assertFalse(Files.exists(r.pipeDirectory().resolve("control"), LinkOption.NOFOLLOW_LINKS));
        assertFalse(Files.exists(r.pipeDirectory().resolve(PID_FILE), LinkOption.NOFOLLOW_LINKS));
        assertTrue(sb.processes.isAlive(live.identity()));
        assertTrue(Files.exists(live.pipeDirectory().resolve("control"), LinkOption.NOFOLLOW_LINKS));
        assertTrue(Files.exists(live.pipeDirectory().resolve(PID_FILE), LinkOption.NOFOLLOW_LINKS));
    }

    /** The doctor's safety rules hold: only the caller's own 0700 directory, no link, nothing listening. */
    @Test
    void aStaleRemovalLeavesLeftoversOutsideAPrivateDirectoryALinkAndASocketSomeoneListensOn() throws Exception {
        DaemonRecord open = crashed("open");
        Files.setPosixFilePermissions(open.pipeDirectory(), PosixFilePermissions.fromString("rwxr-xr-x"));
        DaemonRecord linked = crashed("linked");
        Path link = linked.pipeDirectory().resolve("control");
        Path precious = Files.writeString(sb.dir.resolve("precious"), "keep me");
        Files.delete(link);
        Files.createSymbolicLink(link, precious);
        DaemonRecord served = crashed("served");
        Files.delete(served.pipeDirectory().resolve("control"));
        sb.mps.bind(served.pipeDirectory().resolve("control"));

        stopper().stop(Optional.of("open"));
        stopper().removeRecord("linked");
        stopper().stop(Optional.of("served"));

        assertTrue(Files.exists(open.pipeDirectory().resolve("control"), LinkOption.NOFOLLOW_LINKS));
        assertTrue(Files.exists(open.pipeDirectory().resolve(PID_FILE), LinkOption.NOFOLLOW_LINKS));
        assertTrue(Files.isSymbolicLink(link));
        assertEquals("keep me", Files.readString(precious));
        assertTrue(Files.exists(served.pipeDirectory().resolve("control"), LinkOption.NOFOLLOW_LINKS));
    }
}
