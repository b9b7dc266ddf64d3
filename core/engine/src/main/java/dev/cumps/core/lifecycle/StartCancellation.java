package dev.cumps.core.lifecycle;

/**
 * A request to cancel one start, passed with it ({@link DaemonStarter#start(StartRequest,
 * java.util.function.Consumer, StartCancellation)}). Any thread may {@link #cancel()}; the start
 * checks it between its stages and while it waits for the daemon. Cancelled before the launch, the
 * start ends without launching; cancelled after it, the launch is undone exactly as a launch that
 * did not come up ({@link StartUndo}). Either way the start throws {@link StartCancelled}. Once the
 * record is written the start has succeeded and a later cancel changes nothing.
 */
public final class StartCancellation {
    private volatile boolean cancelled;

    /** A signal nobody cancels (the CLI's: Ctrl-C interrupts instead). */
    public static StartCancellation none() {
        return new StartCancellation();
    }

    /** Asks the start to stop at its next check. */
    public void cancel() {
        cancelled = true;
    }

    public boolean isCancelled() {
        return cancelled;
    }

    /** Ends the start here when it has been cancelled. */
    void check() {
        if (cancelled) {
            throw new Cancelled();
        }
    }

    /** Thrown inside the start at the first check after {@link #cancel()}; turned into {@link StartCancelled}. */
    static final class Cancelled extends RuntimeException {
        private static final long serialVersionUID = 1L;

        Cancelled() {
            super("start cancelled", null, false, false);
        }
    }
}
