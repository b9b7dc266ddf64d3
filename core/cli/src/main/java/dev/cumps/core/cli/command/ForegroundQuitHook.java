package dev.cumps.core.cli.command;

import dev.cumps.core.lifecycle.ForegroundRunner;
import dev.cumps.core.record.DaemonRecord;
import java.util.concurrent.atomic.AtomicReference;

/**
 * The shutdown hook of {@code cumps start --foreground}: on Ctrl-C (SIGINT, SIGTERM) the JVM runs
 * it, and once the daemon is recorded it sends {@code quit} and removes the record through
 * {@link ForegroundRunner#end}. Before the record exists it does nothing.
 */
final class ForegroundQuitHook {
    private final AtomicReference<DaemonRecord> recorded = new AtomicReference<>();
    private final Thread hook;

    /** Registers the hook with the JVM. */
    ForegroundQuitHook(ForegroundRunner foreground) {
        hook = new Thread(() -> {
            DaemonRecord r = recorded.get();
            if (r != null) {
                foreground.end(r);
            }
        }, "cumps-foreground-quit");
        Runtime.getRuntime().addShutdownHook(hook);
    }

    /** The daemon is up and recorded: from now on an interrupt ends it. */
    void recorded(DaemonRecord record) {
        recorded.set(record);
    }

    /** The run ended normally: the hook is withdrawn (after a failure it stays, as the record may need it). */
    void withdraw() {
        try {
            Runtime.getRuntime().removeShutdownHook(hook);
        } catch (IllegalStateException shuttingDown) {
            // Ctrl-C: the hook is already running and sends quit.
        }
    }
}
