package dev.cumps.core.lifecycle;

import java.time.Duration;

/**
 * Pauses between polls of a wait: 1 ms, then doubling up to a cap. A wait whose event comes early
 * (a control socket, a process exit) ends within a few milliseconds of it instead of a whole poll
 * interval later; a long wait settles at the cap and costs little CPU.
 */
final class Backoff {
    /** The longest pause of a start's socket wait and a stop's exit wait. */
    static final Duration CAP = Duration.ofMillis(16);

    private final long capNanos;
    private long nextNanos = 1_000_000L;

    /** Pauses up to {@code cap}, or up to {@link #CAP} if that is shorter. */
    Backoff(Duration cap) {
        this.capNanos = Math.max(1_000_000L, Math.min(cap.toNanos(), CAP.toNanos()));
    }

    /** The next pause: 1 ms, 2 ms, 4 ms, ... then the cap. */
    Duration next() {
        long pause = Math.min(nextNanos, capNanos);
        nextNanos = Math.min(nextNanos * 2, capNanos);
        return Duration.ofNanos(pause);
    }
}
