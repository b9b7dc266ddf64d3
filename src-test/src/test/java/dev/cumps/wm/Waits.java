package dev.cumps.wm;

import java.time.Duration;
import java.util.function.Predicate;
import java.util.function.Supplier;

/**
 * Waiting for the window system: poll until what the tools report satisfies the condition, under one
 * generous deadline. Nothing here measures how long it took.
 */
final class Waits {

    /**
     * Generous: two busy cores start a JVM, the toolkit and a simulated host. {@code -Dcumps.wm.deadline=S}
     * shortens it when checking, by reverting a fix, that each test fails (each failing wait lasts this long).
     */
    static final Duration DEADLINE = Duration.ofSeconds(Long.getLong("cumps.wm.deadline", 120));
    private static final long POLL_MILLIS = 100;

    private Waits() {
    }

    /** The first value of {@code probe} that {@code done} accepts; fails with the last value seen at the deadline. */
    static <T> T until(String what, Supplier<T> probe, Predicate<T> done) {
        long end = System.nanoTime() + DEADLINE.toNanos();
        T last = null;
        while (true) {
            last = probe.get();
            if (last != null && done.test(last)) {
                return last;
            }
            if (System.nanoTime() - end > 0) {
                throw new AssertionError("waited " + DEADLINE.toSeconds() + " s for " + what + "; last seen: " + last);
            }
            try {
                Thread.sleep(POLL_MILLIS);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                throw new AssertionError("interrupted waiting for " + what, e);
            }
        }
    }
}
