package dev.cumps.core.cli.command;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTimeoutPreemptively;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.io.PipedInputStream;
import java.io.PipedOutputStream;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * The refresh loop of {@code cumps top}: it quits on {@code q} (a key in key mode, a line otherwise)
 * and at the end of input, and redraws with clear + home only when asked to. The interval is an
 * hour where quitting is under test, so returning at all proves the quit was read; the generous
 * deadline only turns a hang into a failure.
 */
class TopLoopTest {
    private static final Duration HOUR = Duration.ofHours(1);
    private static final Duration DEADLINE = Duration.ofSeconds(60);

    private static ByteArrayInputStream input(String text) {
        return new ByteArrayInputStream(text.getBytes(StandardCharsets.UTF_8));
    }

    @ParameterizedTest
    @ValueSource(strings = {"q\n", "Q\n", "  q  \n", "x\nq\n", "", "no\nquit\n"})
    void lineModeQuitsOnALineQOrTheEndOfInput(String typed) {
        StringWriter out = new StringWriter();
        AtomicInteger frames = new AtomicInteger();
        assertTimeoutPreemptively(DEADLINE, () -> new TopLoop(input(typed), false, new PrintWriter(out), false, HOUR)
                .run(() -> "frame " + frames.incrementAndGet() + "\n"));
        assertEquals("frame 1\n\n", out.toString(), "one frame, then quit; no terminal codes on a pipe");
    }

    @ParameterizedTest
    @ValueSource(strings = {"q", "abcq", "Q", ""})
    void keyModeQuitsOnTheKeyQWithoutEnter(String typed) {
        StringWriter out = new StringWriter();
        assertTimeoutPreemptively(DEADLINE, () -> new TopLoop(input(typed), true, new PrintWriter(out), true, HOUR)
                .run(() -> "frame\n"));
        assertEquals(TopLoop.CLEAR + "frame\n", out.toString(), "a terminal gets clear + home before the frame");
    }

    @Test
    void framesRepeatUntilTheUserQuits() throws IOException {
        PipedOutputStream keyboard = new PipedOutputStream();
        PipedInputStream in = new PipedInputStream(keyboard);
        StringWriter out = new StringWriter();
        AtomicInteger frames = new AtomicInteger();
        assertTimeoutPreemptively(DEADLINE, () -> new TopLoop(in, false, new PrintWriter(out), true, Duration.ofMillis(1)).run(() -> {
            int n = frames.incrementAndGet();
            if (n == 3) {
                type(keyboard, "q\n");
            }
            return "frame " + n + "\n";
        }));
        assertTrue(frames.get() >= 3, "refreshed until q: " + frames.get());
        assertTrue(out.toString().startsWith(TopLoop.CLEAR + "frame 1\n" + TopLoop.CLEAR + "frame 2\n" + TopLoop.CLEAR + "frame 3\n"),
                out.toString());
    }

    private static void type(PipedOutputStream keyboard, String text) {
        try {
            keyboard.write(text.getBytes(StandardCharsets.UTF_8));
            keyboard.flush();
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}
