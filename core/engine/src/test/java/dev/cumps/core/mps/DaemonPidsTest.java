package dev.cumps.core.mps;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.cumps.core.testing.FakeProcessTable;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class DaemonPidsTest {
    @TempDir
    Path dir;

    /** Lines as NVIDIA's R535 and R550 daemons write them (copied from a real control.log, paths replaced). */
    private static String start(long pid, Path pipe) {
        return "[2026-12-02 00:38:31.945 Control " + String.format("%5d", pid) + "] Starting control daemon using socket "
                + pipe.resolve("control") + "\n"
                + "[2026-12-02 00:38:31.945 Control " + String.format("%5d", pid) + "] To connect CUDA applications to this daemon, set env"
                + " CUDA_MPS_PIPE_DIRECTORY=" + pipe + "\n";
    }

    @Test
    void theLastStartLineForThisPipeNamesThePid() throws IOException {
        Path pipe = Files.createDirectory(dir.resolve("pipe"));
        Path log = Files.createDirectory(dir.resolve("log"));
        Files.writeString(log.resolve(RuntimeDirs.CONTROL_LOG), start(2034, pipe) + "[2026-12-02 00:38:32.498 Control  2034] Exit with status 0\n"
                + start(2336, pipe) + "[2026-12-02 00:39:07.250 Control  2336] Accepting connection...\n");

        assertEquals(Optional.of(2336L), DaemonPids.fromControlLog(log, 0, pipe), "the daemon started last");
    }

    @Test
    void onlyLinesAfterTheMarkAndForThisPipesSocketCount() throws IOException {
        Path pipe = Files.createDirectory(dir.resolve("pipe"));
        Path log = Files.createDirectory(dir.resolve("log"));
        Path control = log.resolve(RuntimeDirs.CONTROL_LOG);
        Files.writeString(control, start(2034, pipe));
        long mark = RuntimeDirs.controlLogSize(log);

        assertEquals(Optional.empty(), DaemonPids.fromControlLog(log, mark, pipe), "before the mark: an earlier daemon's");
        Files.writeString(control, start(3000, dir.resolve("elsewhere")), StandardOpenOption.APPEND);
        assertEquals(Optional.empty(), DaemonPids.fromControlLog(log, mark, pipe), "another socket's start line");
        Files.writeString(control, start(3001, Path.of(dir + "/./pipe")), StandardOpenOption.APPEND);
        assertEquals(Optional.of(3001L), DaemonPids.fromControlLog(log, mark, pipe), "the same socket, spelt otherwise");
    }

    @Test
    void aMissingOrForeignShapedLogNamesNothing() throws IOException {
        Path pipe = Files.createDirectory(dir.resolve("pipe"));
        Path log = Files.createDirectory(dir.resolve("log"));
        assertEquals(Optional.empty(), DaemonPids.fromControlLog(log, 0, pipe));
        Files.writeString(log.resolve(RuntimeDirs.CONTROL_LOG), "Starting control daemon using socket " + pipe.resolve("control") + "\n"
                + "[x Server 12] Starting control daemon using socket " + pipe.resolve("control") + "\n");
        assertEquals(Optional.empty(), DaemonPids.fromControlLog(log, 0, pipe), "no Control <pid> prefix");
    }

    @Test
    void onPipeListsTheCallersMpsProcessesWhoseEnvironmentNamesThePipe() throws IOException {
        Path pipe = Files.createDirectory(dir.resolve("pipe"));
        FakeProcessTable processes = new FakeProcessTable();
        processes.put(10, "nvidia-cuda-mps", 5, Map.of("CUDA_MPS_PIPE_DIRECTORY", pipe.toString()));
        processes.put(11, "nvidia-cuda-mps", 5, Map.of("CUDA_MPS_PIPE_DIRECTORY", dir.resolve("other").toString()));
        processes.put(12, "python", 5, Map.of("CUDA_MPS_PIPE_DIRECTORY", pipe.toString()));
        processes.put(13, "nvidia-cuda-mps", 5); // another user's: environment unreadable
        processes.put(14, "nvidia-cuda-mps", 5, Map.of("CUDA_MPS_PIPE_DIRECTORY", pipe.toString()));
        processes.zombie(14);

        assertEquals(List.of(10L), DaemonPids.onPipe(processes, pipe));
        assertTrue(DaemonPids.servesPipe(processes.environment(10), pipe));
        assertFalse(DaemonPids.servesPipe(processes.environment(13), pipe));
    }
}
