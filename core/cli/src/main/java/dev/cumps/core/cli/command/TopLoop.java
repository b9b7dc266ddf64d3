package dev.cumps.core.cli.command;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStream;
import java.io.InputStreamReader;
import java.io.PrintWriter;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.function.Supplier;

/**
 * The refresh loop of {@code cumps top}: print a frame, then wait for the interval or for the user
 * to quit, whichever comes first. Quitting is read from standard input on its own thread: in key
 * mode a single {@code q}; otherwise a line {@code q}; in both, the end of input.
 */
final class TopLoop {
    /** Clear the screen and move the cursor home (ANSI), before each frame on a terminal. */
    static final String CLEAR = "\033[H\033[2J";
    private final InputStream in;
    private final boolean keyMode;
    private final PrintWriter out;
    private final boolean redraw;
    private final Duration interval;
    private final CountDownLatch quit = new CountDownLatch(1);

    /**
     * @param keyMode whether {@code in} delivers keys one by one (a terminal in key mode)
     * @param redraw  whether to clear the screen before each frame (standard output is a terminal)
     */
    TopLoop(InputStream in, boolean keyMode, PrintWriter out, boolean redraw, Duration interval) {
        this.in = in;
        this.keyMode = keyMode;
        this.out = out;
        this.redraw = redraw;
        this.interval = interval;
    }

    /** Prints frames until the user quits; returns after the frame during which they did. */
    void run(Supplier<String> frames) {
        Thread reader = new Thread(keyMode ? this::readKeys : this::readLines, "cumps-top-keys");
        reader.setDaemon(true);
        reader.start();
        try {
            do {
                String frame = frames.get();
                out.print(redraw ? CLEAR + frame : frame);
                if (!redraw) {
                    out.print('\n');
                }
                out.flush();
            } while (!quit.await(interval.toNanos(), TimeUnit.NANOSECONDS));
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }

    private void readKeys() {
        try {
            int b;
            while ((b = in.read()) != -1 && b != 'q' && b != 'Q') {
                // Any other key: keep waiting for q.
            }
        } catch (IOException e) {
            // Input gone: treated as its end.
        }
        quit.countDown();
    }

    private void readLines() {
        try (BufferedReader lines = new BufferedReader(new InputStreamReader(in, StandardCharsets.UTF_8))) {
            String line;
            while ((line = lines.readLine()) != null && !line.strip().equalsIgnoreCase("q")) {
                // Any other line: keep waiting for q.
            }
        } catch (IOException e) {
            // Input gone: treated as its end.
        }
        quit.countDown();
    }
}
