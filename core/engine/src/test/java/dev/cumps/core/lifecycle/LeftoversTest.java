package dev.cumps.core.lifecycle;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.cumps.core.message.CumpsException;
import dev.cumps.core.mps.RuntimeDirs;
import dev.cumps.core.testing.FakeGpu;
import dev.cumps.core.testing.FakeMpsHost;
import dev.cumps.core.testing.Sandbox;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.Path;
import java.util.Map;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

class LeftoversTest {
    private final Sandbox sb = new Sandbox();
    private final Leftovers leftovers = new Leftovers(sb.processes);
    private final Path pipe = sb.dir.resolve("pipe");

    @AfterEach
    void cleanUp() {
        sb.close();
    }

    private StartPlan plan(boolean defaultPipe) {
        StartPlan resolved = Contexts.planner(sb).plan(Sandbox.request("0", "job", pipe, sb.dir.resolve("log")));
        return new StartPlan(resolved.name(), resolved.topology(), resolved.gpu(), pipe, resolved.logDirectory(), defaultPipe, Map.of());
    }

    private static boolean exists(Path p) {
        return Files.exists(p, LinkOption.NOFOLLOW_LINKS);
    }

    @Test
    void beforeLaunchRemovesAFailedLaunchsLockFifoAndPidFileButNotWhatALinkPointsTo() throws IOException {
        Sandbox.mkdir700(pipe);
        Path target = Files.writeString(sb.dir.resolve("precious"), "keep");
        Files.createSymbolicLink(pipe.resolve("control_lock"), target);
        Sandbox.mkfifo(pipe.resolve("log"));
        Files.writeString(pipe.resolve(RuntimeDirs.PID_FILE), FakeMpsHost.FIRST_FAKE_PID + "\n"); // names no process

        leftovers.clearBeforeLaunch(plan(false));

        assertFalse(exists(pipe.resolve("control_lock")));
        assertFalse(exists(pipe.resolve("log")));
        assertFalse(exists(pipe.resolve(RuntimeDirs.PID_FILE)));
        assertEquals("keep", Files.readString(target));
    }

    @Test
    void beforeLaunchRefusesADirectoryARunningDaemonServes() throws IOException {
        Sandbox.mkdir700(pipe);
        sb.processes.put(4_100_000L, FakeMpsHost.DAEMON_COMM, 7);
        Files.writeString(pipe.resolve(RuntimeDirs.PID_FILE), "4100000\n");

        CumpsException e = assertThrows(CumpsException.class, () -> leftovers.clearBeforeLaunch(plan(false)));

        assertEquals("lifecycle.UNMANAGED_DAEMON_RUNNING", e.errorMessage().key());
        assertTrue(e.getMessage().startsWith("an MPS control daemon (pid 4100000) is already running on " + pipe), e.getMessage());
        assertTrue(exists(pipe.resolve(RuntimeDirs.PID_FILE)), "the running daemon's pid file stays");
        assertTrue(sb.processes.contains(4_100_000L));
    }

    @Test
    void beforeLaunchRefusesADirectoryAnR535DaemonServesWithoutAPidFile() {
        Sandbox.mkdir700(pipe);
        sb.processes.put(4_100_000L, FakeMpsHost.DAEMON_COMM, 7, Map.of("CUDA_MPS_PIPE_DIRECTORY", pipe.toString()));
        sb.mps.bind(pipe.resolve("control"));

        CumpsException e = assertThrows(CumpsException.class, () -> leftovers.clearBeforeLaunch(plan(true)));

        assertEquals("lifecycle.UNMANAGED_DAEMON_RUNNING", e.errorMessage().key());
        assertTrue(exists(pipe.resolve("control")), "a running daemon's socket is never removed, even in the default directory");
    }

    @Test
    void beforeLaunchRefusesASocketSomeoneListensOn() {
        Sandbox.mkdir700(pipe);
        sb.mps.bind(pipe.resolve("control")); // listening; no process of the caller's names the directory

        CumpsException e = assertThrows(CumpsException.class, () -> leftovers.clearBeforeLaunch(plan(true)));

        assertEquals("lifecycle.CONTROL_LISTENING", e.errorMessage().key());
        assertTrue(exists(pipe.resolve("control")));
    }

    @Test
    void anOrphanedSocketIsRemovedOnlyInTheDefaultPipeDirectory() throws IOException {
        Sandbox.mkdir700(pipe);
        sb.mps.bind(pipe.resolve("control")).close(); // the file stays, nobody listens: a killed daemon's

        CumpsException e = assertThrows(CumpsException.class, () -> leftovers.clearBeforeLaunch(plan(false)));
        assertEquals("lifecycle.CONTROL_EXISTS", e.errorMessage().key());
        assertTrue(exists(pipe.resolve("control")), "an explicit pipe directory's socket is never removed");

        leftovers.clearBeforeLaunch(plan(true));
        assertFalse(exists(pipe.resolve("control")));
    }

    @Test
    void afterExitRemovesTheDaemonsFilesOnlyWhileThePidFileNamesIt() throws IOException {
        Sandbox.mkdir700(pipe);
        sb.mps.bind(pipe.resolve("control"));
        Files.writeString(pipe.resolve(RuntimeDirs.PID_FILE), "4100001\n");

        leftovers.removeAfterExit(pipe, 4_100_002L);
        assertTrue(exists(pipe.resolve("control")), "the pid file names another daemon: nothing is removed");

        leftovers.removeAfterExit(pipe, 4_100_001L);
        assertFalse(exists(pipe.resolve("control")));
        assertFalse(exists(pipe.resolve(RuntimeDirs.PID_FILE)));
        assertTrue(Files.isDirectory(pipe), "the pipe directory itself stays");
        assertEquals(FakeGpu.uuidFor(0), plan(false).gpu().uuid().value());
    }
}
