package dev.cumps.core.mps;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayOutputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class ControlLogTest {
    @TempDir
    Path log;

    @Test
    void aByteThatIsNotUtf8DoesNotHideTheLog() throws Exception {
        ByteArrayOutputStream bytes = new ByteArrayOutputStream();
        bytes.write("[2026-11-29 10:00:00.000 Control  1234] Starting control daemon\n".getBytes(StandardCharsets.UTF_8));
        bytes.write(new byte[] {'[', 'x', ']', ' ', (byte) 0xB4, (byte) 0xED, (byte) 0xCE, (byte) 0xF3, '\n'}); // GB18030 text
        bytes.write("[2026-11-29 10:00:01.000 Control  1234] Failed to start server\n".getBytes(StandardCharsets.UTF_8));
        Files.write(log.resolve("control.log"), bytes.toByteArray());

        List<String> tail = RuntimeDirs.controlLogTail(log, 10);

        assertEquals(3, tail.size(), tail.toString());
        assertTrue(tail.get(2).endsWith("Failed to start server"));
        assertTrue(RuntimeDirs.isErrorLine(tail.get(2)));
    }

    @Test
    void onlyTheEndOfALongLogIsRead() throws Exception {
        StringBuilder text = new StringBuilder();
        for (int i = 0; i < 20_000; i++) {
            text.append("[2026-11-29 10:00:00.000 Control  1234] line ").append(i).append('\n');
        }
        Files.writeString(log.resolve("control.log"), text);
        assertTrue(Files.size(log.resolve("control.log")) > 10 * RuntimeDirs.LOG_READ_LIMIT_BYTES);

        List<String> tail = RuntimeDirs.controlLogTail(log, 3);

        assertEquals(List.of("[2026-11-29 10:00:00.000 Control  1234] line 19997",
                "[2026-11-29 10:00:00.000 Control  1234] line 19998",
                "[2026-11-29 10:00:00.000 Control  1234] line 19999"), tail);
        List<String> all = RuntimeDirs.controlLogTail(log, Integer.MAX_VALUE);
        assertTrue(all.size() < 20_000 && all.get(0).startsWith("[2026"), "a bounded read starts at a whole line");
    }

    @Test
    void linesSinceAMarkAreOnlyTheNewOnes() throws Exception {
        Path file = log.resolve("control.log");
        Files.writeString(file, "[old] error from yesterday\n");
        long mark = RuntimeDirs.controlLogSize(log);
        Files.writeString(file, "[new] Starting control daemon\n", StandardOpenOption.APPEND);

        assertEquals(List.of("[new] Starting control daemon"), RuntimeDirs.controlLogSince(log, mark));
        assertEquals(List.of(), RuntimeDirs.controlLogSince(log.resolve("missing"), 0));
        assertEquals(0, RuntimeDirs.controlLogSize(log.resolve("missing")));
    }
}
