package dev.cumps.core.live;

import java.time.Duration;

/**
 * The overall time one live view (a status, clients, top frame, metrics scrape or doctor run) may
 * spend asking control daemons, whatever the pipes do: every question gets at most what is left of
 * it, and what is not answered by then is reported as such (docs/cli.md, "Live views answer in
 * seconds"). Starts when created.
 */
final class LiveBudget {
    private final Duration total;
    private final long deadline;

    LiveBudget(Duration total) {
        this.total = total;
        this.deadline = System.nanoTime() + total.toNanos();
    }

    /** What is left; zero or negative once spent. */
    Duration remaining() {
        return Duration.ofNanos(deadline - System.nanoTime());
    }

    /** The whole budget in seconds, for messages. */
    long seconds() {
        return total.toSeconds();
    }
}
