package dev.cumps.core.proc;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.cumps.core.message.CumpsException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Optional;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

class ProcStatTest {
    private static String stat(long pid, String comm, char state, long start) {
        StringBuilder s = new StringBuilder(pid + " (" + comm + ") " + state);
        for (int field = 4; field <= 52; field++) {
            s.append(' ').append(field == 22 ? start : field);
        }
        return s.append('\n').toString();
    }

    @ParameterizedTest
    @CsvSource(delimiter = '|', value = {
            "nvidia-cuda-mps",
            "a b c",
            "weird) (name",
            ") ) (",
            "x) S 9 9"})
    void commandNamesWithSpacesAndParenthesesDoNotShiftFields(String comm) {
        ProcessInfo info = ProcStat.parse(stat(4242, comm, 'S', 987654321L));
        assertEquals(4242, info.pid());
        assertEquals(comm, info.comm());
        assertEquals('S', info.state());
        assertEquals(987654321L, info.startTicks());
    }

    @Test
    void zombiesAreNotRunning() {
        assertFalse(ProcStat.parse(stat(7, "nvidia-cuda-mps", 'Z', 5)).running());
        assertTrue(ProcStat.parse(stat(7, "nvidia-cuda-mps", 'S', 5)).running());
    }

    @Test
    void truncatedLinesAreErrors() {
        assertThrows(CumpsException.class, () -> ProcStat.parse("12 (x) S 1 2 3"));
        assertThrows(CumpsException.class, () -> ProcStat.parse("garbage"));
    }

    @Test
    void livenessNeedsPidAndStartTime(@TempDir Path proc) throws Exception {
        Files.createDirectories(proc.resolve("100"));
        Files.writeString(proc.resolve("100/stat"), stat(100, "nvidia-cuda-mps", 'S', 5555));
        ProcessTable table = new ProcFsProcessTable(proc);
        assertTrue(table.isAlive(new ProcessIdentity(100, 5555)));
        assertFalse(table.isAlive(new ProcessIdentity(100, 5556)), "same pid, other start time: a reused pid");
        assertFalse(table.isAlive(new ProcessIdentity(101, 5555)));
        assertEquals(Optional.empty(), table.find(-1));
    }

    @Test
    void readsThisProcessFromTheRealProc() {
        ProcessInfo self = new ProcFsProcessTable().find(ProcessHandle.current().pid()).orElseThrow();
        assertEquals(ProcessHandle.current().pid(), self.pid());
        assertTrue(self.startTicks() > 0);
        assertTrue(new ProcFsProcessTable().isAlive(self.identity()));
    }
}
