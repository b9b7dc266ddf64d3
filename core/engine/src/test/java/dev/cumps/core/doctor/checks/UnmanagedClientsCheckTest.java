package dev.cumps.core.doctor.checks;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.cumps.core.doctor.CheckStatus;
import dev.cumps.core.doctor.Finding;
import dev.cumps.core.proc.ProcessOwner;
import dev.cumps.core.record.DaemonRecord;
import dev.cumps.core.testing.Sandbox;
import java.io.IOException;
import java.nio.file.Files;
import java.util.List;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/**
 * {@link UnmanagedClientsCheck}: your clients on a control pipe without a record (this shell's
 * {@code CUDA_MPS_PIPE_DIRECTORY}) warn with the pipe and their pids; other users' clients there,
 * and your clients of managed daemons, do not.
 */
class UnmanagedClientsCheckTest {
    private static final long SERVER = 4_160_001L;
    private static final long MINE = 4_170_001L;
    private static final long THEIRS = 4_170_002L;
    private final Sandbox sb = new Sandbox();

    @AfterEach
    void cleanUp() {
        sb.close();
    }

    private void clients() {
        sb.mps.serverList(SERVER + "\n").reply("get_server_status " + SERVER, "ACTIVE\n")
                .reply("get_client_list " + SERVER, MINE + "\n" + THEIRS + "\n");
        sb.processes.put(SERVER, "nvidia-cuda-mps", 700);
        sb.processes.put(MINE, "python3", 800);
        sb.processes.describe(MINE, new ProcessOwner(sb.uid, "me"), List.of("python3", "mine.py"));
        sb.processes.put(THEIRS, "python3", 900);
        sb.processes.describe(THEIRS, new ProcessOwner(65534, "nobody"), List.of("python3", "theirs.py"));
    }

    /** A daemon that answers on a pipe without a record, as one started by hand does; this shell points at it. */
    private DaemonRecord unmanaged() throws IOException {
        DaemonRecord r = sb.start("byhand");
        Files.delete(sb.recordFile("byhand"));
        Files.delete(sb.recordFile("byhand").getParent());
        sb.env("CUDA_MPS_PIPE_DIRECTORY", r.pipeDirectory().toString());
        return r;
    }

    @Test
    void yourClientsOnAnUnmanagedPipeWarnWithThePipeAndTheirPids() throws IOException {
        DaemonRecord r = unmanaged();
        clients();

        Finding f = CheckFixture.evaluate(new UnmanagedClientsCheck(), sb);

        assertEquals(CheckStatus.WARN, f.status());
        assertEquals("unmanaged control pipe " + r.pipeDirectory() + " serves your client(s) pid " + MINE, f.observed().english());
        String remedy = f.remedy().orElseThrow().english();
        assertTrue(remedy.contains("CUDA_MPS_PIPE_DIRECTORY=" + r.pipeDirectory()) && remedy.contains("`cumps env`"), remedy);
    }

    /**
     * A squatted pipe (its socket another user's) listed the caller's own processes as its clients, and the
     * doctor never said whose socket that was. Now it says, and takes none of its answers as evidence.
     */
    @Test
    void aPipeOfAnotherUserIsNamedWithItsOwnerAndItsClientListIsNotTaken() throws IOException {
        DaemonRecord r = unmanaged();
        clients();
        Files.setAttribute(r.pipeDirectory().resolve("control"), "unix:uid", 65534);

        Finding f = CheckFixture.evaluate(new UnmanagedClientsCheck(), sb);

        assertEquals(CheckStatus.WARN, f.status());
        assertEquals("the control pipe in " + r.pipeDirectory() + " belongs to uid 65534, neither you nor root: a CUDA program of yours"
                + " started without CUDA_MPS_PIPE_DIRECTORY connects to that user's daemon, and what it answers (its clients included) is"
                + " not taken as fact", f.observed().english());
        assertTrue(!f.observed().english().contains(Long.toString(MINE)), "the caller's pid is not claimed as its client");
    }

    @Test
    void onlyOtherUsersClientsOnAnUnmanagedPipePass() throws IOException {
        unmanaged();
        clients();
        sb.processes.describe(MINE, new ProcessOwner(65533, "other"), List.of("python3", "mine.py"));

        Finding f = CheckFixture.evaluate(new UnmanagedClientsCheck(), sb);

        assertEquals(CheckStatus.PASS, f.status());
        assertEquals("no client of yours uses an unmanaged control pipe", f.observed().english());
    }

    @Test
    void yourClientsOfAManagedDaemonPass() {
        DaemonRecord r = sb.start("managed");
        sb.env("CUDA_MPS_PIPE_DIRECTORY", r.pipeDirectory().toString());
        clients();

        Finding f = CheckFixture.evaluate(new UnmanagedClientsCheck(), sb);

        assertEquals(CheckStatus.PASS, f.status());
    }
}
