package dev.cumps.e2e;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import dev.cumps.e2e.CumpsHarness.Run;
import java.io.IOException;
import java.io.OutputStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;

/**
 * {@code cumps top} against the simulated host, everything a real process: one frame with two
 * attached clients and their memory, {@code --once --json}, and the live view with standard input
 * a pipe, which refreshes until the test types {@code q} and Enter and then exits 0, with the pipe
 * still open (so it was the {@code q}, not the end of input).
 */
@ExtendWith(CumpsExtension.class)
class TopE2eTest {
    private static final String HEADER = "cumps top: refreshing every 0.5 s; type q and Enter to quit";

    private static Map<String, String> plain() {
        return Map.of("PATH", "/usr/bin:/bin");
    }

    private static long attach(CumpsHarness h, String daemon, int memory) {
        Run run = h.cumps(plain(), "--simulate", "attach-client", "--name", daemon, "--memory", Integer.toString(memory)).assertOk();
        long pid = Long.parseLong(run.stdout().strip());
        h.remember(pid);
        return pid;
    }

    private static String clientRow(String frame, long pid) {
        return frame.lines().filter(l -> l.startsWith("  busy ") && l.contains(" " + pid + " ")).findFirst()
                .orElseThrow(() -> new AssertionError("client " + pid + " is not in the frame:\n" + frame));
    }

    @Test
    void onceShowsBothAttachedClientsWithTheirMemory(CumpsHarness h) {
        Run idle = h.cumps(plain(), "--simulate", "top", "--once").assertOk();
        assertTrue(idle.stdout().contains(CumpsHarness.GPU0) && idle.stdout().endsWith("\nno live daemons\n"), idle.stdout());

        h.cumps(plain(), "--simulate", "start", "--gpus", "0", "--name", "busy").assertOk();
        long first = attach(h, "busy", 1024);
        long second = attach(h, "busy", 256);

        String narrow = h.cumps(plain(), "--simulate", "top", "--once").assertOk().stdout();
        assertTrue(narrow.lines().allMatch(l -> l.length() <= 120), "without a terminal or COLUMNS a frame is 120 wide: " + narrow);
        assertTrue(clientRow(narrow, first).endsWith("…"), "the long command line is cut: " + clientRow(narrow, first));
        Run run = h.cumps(Map.of("PATH", "/usr/bin:/bin", "COLUMNS", "400"), "--simulate", "top", "--once").assertOk();
        String frame = run.stdout();
        assertTrue(clientRow(frame, first).contains(" 1024 MiB "), clientRow(frame, first));
        assertTrue(clientRow(frame, second).contains(" 256 MiB "), clientRow(frame, second));
        assertTrue(clientRow(frame, first).contains("MpsClientMain"), clientRow(frame, first));
        assertTrue(frame.lines().anyMatch(l -> l.startsWith("  busy ") && l.contains("answering") && l.contains(CumpsHarness.GPU0)), frame);
        assertTrue(frame.lines().anyMatch(l -> l.startsWith("  0 ") && l.contains("1280 / ")), "GPU 0's memory is its clients' sum: " + frame);
        assertFalse(frame.contains("\033"), "a frame on a pipe carries no terminal codes");

        JsonNode json = h.cumps(plain(), "--simulate", "top", "--once", "--json").assertOk().json();
        assertEquals(1, json.get("schema_version").asInt());
        JsonNode busy = LifecycleE2eTest.find(json.get("daemons"), "name", "busy");
        assertEquals(2, busy.get("servers").get(0).get("clients").size(), busy.toString());

        Run usage = h.cumps(plain(), "--simulate", "top", "--json");
        assertEquals(2, usage.exitCode(), usage.toString());
        assertEquals(1, usage.stderr().lines().filter(l -> l.startsWith("error: ")).count(), usage.stderr());

        stopAll(h, first, second);
    }

    /** Stops the simulated daemons; their clients end with them. */
    private static void stopAll(CumpsHarness h, long... clients) {
        h.cumps(plain(), "--simulate", "stop", "--all").assertOk();
        for (long client : clients) {
            assertTrue(Procs.awaitGone(client, CumpsHarness.PATIENCE), "client " + client + " ends with its daemon");
        }
    }

    @Test
    void liveViewRefreshesUntilQAndEnterOnAPipe(CumpsHarness h) throws Exception {
        h.cumps(plain(), "--simulate", "start", "--gpus", "0", "--name", "busy").assertOk();
        long client = attach(h, "busy", 512);
        Path out = Files.createTempFile(h.root, "top", ".txt");
        Path err = Files.createTempFile(h.root, "top", ".err");
        Process top = h.startWithInput(plain(), out, err, "--simulate", "top", "--interval", "0.5");
        try (OutputStream keyboard = top.getOutputStream()) {
            CumpsHarness.await("two frames of top", CumpsHarness.PATIENCE, () -> frames(out) >= 2);
            assertTrue(top.isAlive(), "top keeps refreshing until told to quit");
            keyboard.write("q\n".getBytes(StandardCharsets.UTF_8));
            keyboard.flush();
            assertTrue(top.waitFor(CumpsHarness.PATIENCE.toSeconds(), TimeUnit.SECONDS), "top exits after q");
            assertEquals(0, top.exitValue(), Files.readString(err));
        }
        String text = Files.readString(out);
        assertTrue(text.startsWith(HEADER + "\n"), text);
        assertTrue(text.lines().anyMatch(l -> l.startsWith("  busy ") && l.contains(" " + client + " ") && l.contains(" 512 MiB ")), text);
        assertFalse(text.contains("\033"), "output to a pipe is appended frame by frame, not redrawn");

        stopAll(h, client);
    }

    private static long frames(Path out) {
        try {
            return Files.readString(out).lines().filter(HEADER::equals).count();
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}
