package dev.cumps.core.lifecycle;

import dev.cumps.core.message.CumpsException;
import dev.cumps.core.message.Message;
import dev.cumps.core.proc.ProcessIdentity;
import dev.cumps.core.proc.ProcessTable;
import java.time.Duration;
import java.util.function.BooleanSupplier;

/** The bounded waits of start, undo and stop: poll with {@link Backoff} until an event or a deadline. */
final class Waits {
    private final ProcessTable processes;
    private final LifecycleTimeouts timeouts;

    Waits(ProcessTable processes, LifecycleTimeouts timeouts) {
        this.processes = processes;
        this.timeouts = timeouts;
    }

    /** Waits up to {@code limit} until {@code identity} (pid and start time) no longer runs; returns whether it is gone. */
    boolean exit(ProcessIdentity identity, Duration limit) {
        return gone(() -> processes.isAlive(identity), limit);
    }

    /** Waits up to the exit timeout until {@code identity} no longer runs. */
    boolean exit(ProcessIdentity identity) {
        return exit(identity, timeouts.exit());
    }

    /** Polls until {@code stillThere} turns false or {@code limit} passes; returns whether it is gone. */
    boolean gone(BooleanSupplier stillThere, Duration limit) {
        long deadline = System.nanoTime() + limit.toNanos();
        Backoff backoff = new Backoff(timeouts.poll());
        while (System.nanoTime() < deadline) {
            if (!stillThere.getAsBoolean()) {
                return true;
            }
            sleep(backoff.next());
        }
        return !stillThere.getAsBoolean();
    }

    /** Sleeps; an interrupt ends the wait with a failure (the interrupt flag stays set). */
    static void sleep(Duration d) {
        try {
            Thread.sleep(d.toMillis());
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new CumpsException(Message.of(LifecycleText.INTERRUPTED));
        }
    }
}
