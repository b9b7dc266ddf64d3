package dev.cumps.core.record;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import dev.cumps.core.message.CumpsException;
import dev.cumps.core.testing.Sandbox;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.Map;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * {@link Liveness#verifiedOwnLive}: the one check made right before a command is sent to a daemon
 * (stop, terminate a client, set a limit). Only the caller's own live record whose daemon serves
 * its pipe directory passes; everything else is refused with the message naming why.
 */
class VerifiedOwnLiveTest {
    private Sandbox sb;

    @BeforeEach
    void setUp() {
        sb = new Sandbox();
    }

    @AfterEach
    void tearDown() {
        sb.close();
    }

    private DaemonRecord verify(String name) {
        return new Liveness(sb.processes).verifiedOwnLive(sb.services().records(), name);
    }

    private CumpsException refused(String name) {
        return assertThrows(CumpsException.class, () -> verify(name));
    }

    @Test
    void ownLiveDaemonServingItsPipeIsReturned() {
        DaemonRecord started = sb.start("mine");
        assertEquals(started, verify("mine"));
    }

    /** A command goes through the record's pipe directory only while that folder passes the trust rule. */
    @Test
    void aPipeDirectoryOthersCanWriteOrAnotherUsersIsRefusedAndNothingIsSent() throws IOException {
        DaemonRecord r = sb.start("opened");
        Files.setPosixFilePermissions(r.pipeDirectory(), PosixFilePermissions.fromString("rwxrwxrwx"));
        CumpsException e = refused("opened");
        assertEquals(RecordMessages.VERIFY_PIPE_UNTRUSTED, e.errorMessage().id());
        assertEquals("the pipe directory of 'opened' is not one cumps talks through: " + r.pipeDirectory()
                + " can be written by group or others (mode 0777); nothing was sent", e.getMessage());

        Files.setPosixFilePermissions(r.pipeDirectory(), PosixFilePermissions.fromString("rwx------"));
        Files.setAttribute(r.pipeDirectory(), "unix:uid", 65534);
        assertEquals(RecordMessages.VERIFY_PIPE_UNTRUSTED, refused("opened").errorMessage().id());
    }

    @Test
    void missingRecordIsRefused() {
        assertEquals(RecordMessages.VERIFY_NO_RECORD, refused("nobody").errorMessage().id());
    }

    @Test
    void recordOfAnotherUserIsRefusedEvenWhenItsPidRuns() {
        sb.processes.put(4_110_000L, "nvidia-cuda-mps", 9);
        sb.foreignRecord("theirs", 65534, Sandbox.HOSTNAME, 4_110_000L, 9);
        CumpsException e = refused("theirs");
        assertEquals(RecordMessages.VERIFY_FOREIGN, e.errorMessage().id());
        assertEquals("record 'theirs' belongs to uid 65534 on host testhost; only its owner on that host can act on it", e.getMessage());
    }

    @Test
    void recordOfThisUserOnAnotherHostIsRefused() {
        sb.processes.put(4_110_001L, "nvidia-cuda-mps", 9);
        sb.foreignRecord("remote", sb.uid, "otherhost", 4_110_001L, 9);
        assertEquals(RecordMessages.VERIFY_FOREIGN, refused("remote").errorMessage().id());
    }

    @Test
    void staleRecordIsRefusedWhenThePidIsGone() {
        DaemonRecord r = sb.start("gone");
        sb.processes.kill(r.pid());
        CumpsException e = refused("gone");
        assertEquals(RecordMessages.VERIFY_STALE, e.errorMessage().id());
        assertEquals("daemon 'gone' is not running (pid " + r.pid() + " is gone or reused); `cumps stop --name gone` removes its stale"
                + " record", e.getMessage());
    }

    @Test
    void staleRecordIsRefusedWhenThePidWasReusedByAnotherProcess() {
        DaemonRecord r = sb.start("reused");
        sb.processes.reuse(r.pid(), "bash", r.processStartTicks() + 1);
        assertEquals(RecordMessages.VERIFY_STALE, refused("reused").errorMessage().id());
    }

    @Test
    void unreadableRecordIsRefused() {
        sb.writeRaw("mangled", "{not json");
        assertEquals(RecordMessages.VERIFY_UNREADABLE, refused("mangled").errorMessage().id());
    }

    @Test
    void pipeDirectoryServedByAnotherPidIsRefused() throws IOException {
        DaemonRecord r = sb.start("swapped");
        Files.writeString(r.pipeDirectory().resolve("nvidia-cuda-mps-control.pid"), "4123456\n");
        CumpsException e = refused("swapped");
        assertEquals(RecordMessages.VERIFY_PIPE_SERVED_BY_OTHER, e.errorMessage().id());
        assertEquals("pipe directory " + r.pipeDirectory() + " is served by pid 4123456, not by the recorded pid " + r.pid()
                + "; nothing was sent", e.getMessage());
    }

    @Test
    void livePidStartedOnAnotherPipeDirectoryIsRefused() throws IOException {
        DaemonRecord r = sb.start("elsewhere");
        Files.delete(r.pipeDirectory().resolve("nvidia-cuda-mps-control.pid"));
        Path other = sb.dir.resolve("other-pipe");
        sb.processes.put(r.pid(), "nvidia-cuda-mps", r.processStartTicks(), Map.of("CUDA_MPS_PIPE_DIRECTORY", other.toString()));
        assertEquals(RecordMessages.VERIFY_PID_NOT_ON_PIPE, refused("elsewhere").errorMessage().id());
    }

    @Test
    void pipeThatNothingShowsIsServedByTheRecordedPidIsRefused() throws IOException {
        DaemonRecord r = sb.start("unsure");
        Files.delete(r.pipeDirectory().resolve("nvidia-cuda-mps-control.pid"));
        sb.processes.put(r.pid(), "nvidia-cuda-mps", r.processStartTicks(), Map.of());
        assertEquals(RecordMessages.VERIFY_PIPE_UNVERIFIABLE, refused("unsure").errorMessage().id());
    }
}
