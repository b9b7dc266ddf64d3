package dev.cumps.core.proc;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.OptionalLong;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** What {@link ProcFsProcessTable} reads from a {@code /proc} laid out under a folder, and from this machine's. */
class ProcFsProcessTableTest {

    @Test
    void childrenAreEveryThreadsChildrenAndAnythingElseInThoseFilesIsIgnored(@TempDir Path proc) throws IOException {
        write(proc.resolve("4242/task/4242/children"), "100 101 ");
        write(proc.resolve("4242/task/4243/children"), "102 ");
        write(proc.resolve("4242/task/4244/children"), "");
        write(proc.resolve("4242/task/4245/children"), "103 x12 -4 99999999999 ");
        Files.createDirectories(proc.resolve("4242/task/4246")); // a thread that has exited since the folder was listed

        List<Long> children = new ProcFsProcessTable(proc).children(4242).stream().sorted().toList();

        assertEquals(List.of(100L, 101L, 102L, 103L), children);
    }

    @Test
    void aProcessThatIsNotThereHasNoChildren(@TempDir Path proc) {
        assertEquals(List.of(), new ProcFsProcessTable(proc).children(4242));
        assertEquals(List.of(), new ProcFsProcessTable(proc).children(0));
    }

    /** The kernel's own list: a process this test starts is a child of this JVM, whichever thread started it. */
    @Test
    void aProcessThisJvmStartedIsListedAsItsChild() throws Exception {
        Process sleeper = new ProcessBuilder("sleep", "60").redirectErrorStream(true).start();
        try {
            List<Long> children = new ProcFsProcessTable().children(ProcessHandle.current().pid());
            assertTrue(children.contains(sleeper.pid()), sleeper.pid() + " among " + children);
        } finally {
            sleeper.destroy();
            sleeper.waitFor(60, TimeUnit.SECONDS);
        }
    }

    /**
     * The real table signals only a pid that still runs with the start time given: with any other start time
     * (the pid reused) {@code terminate} and {@code forceKill} send nothing and say so; with the right one SIGTERM
     * (and SIGKILL) reach the process. Unit tests of the lifecycle use a fake table with its own copy of this
     * check, so this is where the real one is held.
     */
    @Test
    void terminateAndForceKillSignalOnlyThePidWithItsRecordedStartTime() throws Exception {
        ProcFsProcessTable proc = new ProcFsProcessTable();
        Process sleeper = new ProcessBuilder("sleep", "600").start();
        Process other = new ProcessBuilder("sleep", "600").start();
        try {
            long ticks = proc.find(sleeper.pid()).orElseThrow().startTicks();
            assertFalse(proc.terminate(new ProcessIdentity(sleeper.pid(), ticks + 1)), "another start time: nothing sent");
            assertFalse(proc.forceKill(new ProcessIdentity(sleeper.pid(), ticks - 1)), "another start time: nothing sent");
            assertFalse(proc.terminate(new ProcessIdentity(4_194_305L, ticks)), "no such pid");
            assertTrue(sleeper.isAlive());

            assertTrue(proc.terminate(new ProcessIdentity(sleeper.pid(), ticks)));
            assertTrue(sleeper.waitFor(60, TimeUnit.SECONDS));
            assertEquals(143, sleeper.exitValue(), "ended by SIGTERM");
            assertFalse(proc.terminate(new ProcessIdentity(sleeper.pid(), ticks)), "gone: nothing sent");

            long otherTicks = proc.find(other.pid()).orElseThrow().startTicks();
            assertTrue(proc.forceKill(new ProcessIdentity(other.pid(), otherTicks)));
            assertTrue(other.waitFor(60, TimeUnit.SECONDS));
            assertEquals(137, other.exitValue(), "ended by SIGKILL");
        } finally {
            sleeper.destroyForcibly();
            other.destroyForcibly();
            sleeper.waitFor(60, TimeUnit.SECONDS);
            other.waitFor(60, TimeUnit.SECONDS);
        }
    }

    /**
     * A command name is any bytes the process chose (prctl, or the file name it was started from), not always UTF-8. Such a
     * process is there all the same: a record of it must not turn stale, and its start time must still be checked.
     */
    @Test
    void aProcessWhoseCommandNameIsNotUtf8IsFoundWithItsStartTime(@TempDir Path proc) throws IOException {
        StringBuilder line = new StringBuilder("4242 (mps\u00ff\u00fe) S");
        for (int field = 4; field <= 52; field++) {
            line.append(' ').append(field == 22 ? 987654 : field);
        }
        Files.createDirectories(proc.resolve("4242"));
        // ISO-8859-1 writes ÿ and þ as the single bytes 0xFF and 0xFE, which are never valid UTF-8.
        Files.write(proc.resolve("4242/stat"), (line + "\n").getBytes(StandardCharsets.ISO_8859_1));
        Files.writeString(proc.resolve("uptime"), "12345.67 54321.00\n");

        ProcFsProcessTable table = new ProcFsProcessTable(proc);
        Optional<ProcessInfo> found = table.find(4242);

        assertTrue(found.isPresent(), "the process with a non-UTF-8 name was taken for gone");
        assertEquals(987654L, found.get().startTicks());
        assertEquals('S', found.get().state());
        assertTrue(table.isAlive(new ProcessIdentity(4242, 987654)));
        assertEquals(OptionalLong.of(1234567), table.ticksSinceBoot());
    }

    private static void write(Path file, String text) throws IOException {
        Files.createDirectories(file.getParent());
        Files.writeString(file, text);
    }

    /** The environment a process started with: NUL-separated entries, the first of a repeated name kept; anything unreadable is none. */
    @Test
    void anEnvironmentIsReadFromEnvironAndTooLargeOrMissingIsNone(@TempDir Path proc) throws IOException {
        write(proc.resolve("4242/environ"), "CUDA_MPS_PIPE_DIRECTORY=/p\0A=1\0A=2\0=nothing\0NOVALUE\0B=x=y\0");
        assertEquals(Map.of("CUDA_MPS_PIPE_DIRECTORY", "/p", "A", "1", "B", "x=y"),
                new ProcFsProcessTable(proc).environment(4242).orElseThrow());
        assertEquals(Optional.empty(), new ProcFsProcessTable(proc).environment(4243), "gone");
        assertEquals(Optional.empty(), new ProcFsProcessTable(proc).environment(0));
        write(proc.resolve("4244/environ"), "X=" + "y".repeat((1 << 20) + 1));
        assertEquals(Optional.empty(), new ProcFsProcessTable(proc).environment(4244), "larger than any real environment: not read");
        write(proc.resolve("4245/environ"), "X=" + "y".repeat((1 << 20) - 2));
        assertEquals((1 << 20) - 2, new ProcFsProcessTable(proc).environment(4245).orElseThrow().get("X").length(), "exactly the limit is read");
    }

    /** A command line is NUL-separated arguments, its last NUL dropped; an empty one (a kernel thread, a zombie) is none. */
    @Test
    void aCommandLineIsItsArgumentsAndAnEmptyOneIsNone(@TempDir Path proc) throws IOException {
        write(proc.resolve("4242/cmdline"), "python3\0train.py\0--epochs\0\0");
        assertEquals(List.of("python3", "train.py", "--epochs", ""), new ProcFsProcessTable(proc).commandLine(4242).orElseThrow());
        write(proc.resolve("4243/cmdline"), "");
        assertEquals(Optional.empty(), new ProcFsProcessTable(proc).commandLine(4243));
        assertEquals(Optional.empty(), new ProcFsProcessTable(proc).commandLine(4244));
        assertEquals(Optional.empty(), new ProcFsProcessTable(proc).commandLine(-1));
    }

    /** The pids are the entries made of digits only; the rest of /proc (self, sys, a name with a letter) is not a pid. */
    @Test
    void pidsAreTheAllDigitEntries(@TempDir Path proc) throws IOException {
        for (String name : List.of("1", "4242", "self", "sys", "12a", "1234567890", "12345678901")) {
            Files.createDirectories(proc.resolve(name));
        }
        assertEquals(List.of(1L, 4242L, 1234567890L), new ProcFsProcessTable(proc).pids().stream().sorted().toList());
        assertEquals(List.of(), new ProcFsProcessTable(proc.resolve("absent")).pids());
    }

    /** This process's own start time, and clock ticks since boot from /proc/uptime. */
    @Test
    void thisProcessStartedBeforeNowAndUptimeIsInTicks(@TempDir Path proc) throws IOException {
        ProcFsProcessTable real = new ProcFsProcessTable();
        long self = real.selfStartTicks();
        assertTrue(self > 0, "a start time after boot");
        assertTrue(real.ticksSinceBoot().orElseThrow() >= self, "now is after this process started");
        write(proc.resolve("uptime"), "12.34 56.78\n");
        assertEquals(OptionalLong.of(1234), new ProcFsProcessTable(proc).ticksSinceBoot());
        assertEquals(OptionalLong.empty(), new ProcFsProcessTable(proc.resolve("absent")).ticksSinceBoot());
    }
}
