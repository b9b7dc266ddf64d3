package dev.cumps.core.proc;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
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

    private static void write(Path file, String text) throws IOException {
        Files.createDirectories(file.getParent());
        Files.writeString(file, text);
    }
}
