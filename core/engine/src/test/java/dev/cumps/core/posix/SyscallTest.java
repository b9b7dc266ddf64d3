package dev.cumps.core.posix;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.File;
import java.lang.foreign.Arena;
import java.lang.foreign.MemorySegment;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@link Syscall}, the one downcall handle: its numbers reach the calls they name on this machine, and on an
 * architecture it has no numbers for, a connect fails with an {@link java.io.IOException} (which the control client
 * answers by asking NVIDIA's program) before anything is linked or called.
 */
class SyscallTest {
    @TempDir
    Path dir;

    @Test
    void theIdsAreThisProcesssAsTheKernelListsThem() throws Exception {
        String uid = null;
        String gid = null;
        for (String line : Files.readAllLines(Path.of("/proc/self/status"))) {
            if (line.startsWith("Uid:")) {
                uid = line.split("\\s+")[1];
            } else if (line.startsWith("Gid:")) {
                gid = line.split("\\s+")[1];
            }
        }
        try (Arena arena = Arena.ofConfined()) {
            MemorySegment state = arena.allocate(Syscall.captureLayout());

            assertEquals(uid, String.valueOf(Syscall.getuid(state)));
            assertEquals(gid, String.valueOf(Syscall.getgid(state)));
        }
    }

    @Test
    void aFailedCallLeavesItsErrno() throws Exception {
        try (Arena arena = Arena.ofConfined()) {
            MemorySegment state = arena.allocate(Syscall.captureLayout());

            assertEquals(-1, Syscall.close(state, -1));
            assertEquals(9, Syscall.errno(state)); // EBADF
        }
    }

    @Test
    void anUnknownArchitectureRefusesTheConnectBeforeAnyCall() throws Exception {
        Path file = Files.writeString(dir.resolve("control"), "");
        String classPath = Path.of(Syscall.class.getProtectionDomain().getCodeSource().getLocation().toURI())
                + File.pathSeparator
                + Path.of(SyscallProbe.class.getProtectionDomain().getCodeSource().getLocation().toURI());
        Path out = dir.resolve("out.txt");
        Process process = new ProcessBuilder(List.of(Path.of(System.getProperty("java.home"), "bin", "java").toString(),
                "-Dos.arch=sparcv9", "--enable-native-access=ALL-UNNAMED", "-cp", classPath, SyscallProbe.class.getName(),
                file.toString())).redirectErrorStream(true).redirectOutput(out.toFile()).start();
        assertTrue(process.waitFor(120, TimeUnit.SECONDS), "the probe did not finish");

        assertEquals("IOException: no system call numbers for os.arch sparcv9\n", Files.readString(out, StandardCharsets.UTF_8));
    }
}
