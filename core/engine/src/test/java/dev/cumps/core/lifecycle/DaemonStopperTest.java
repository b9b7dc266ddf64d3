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
}
