package dev.cumps.core.lifecycle;

import java.util.function.Supplier;

/**
 * A request to cancel one start, passed with it ({@link DaemonStarter#start(StartRequest,
 * java.util.function.Consumer, StartCancellation)}). Any thread may {@link #cancel()}; the start
 * checks it between its stages and while it waits for the daemon. Cancelled before the launch, the
 * start ends without launching; cancelled after it, the launch is undone exactly as a launch that
 * did not come up ({@link StartUndo}). Either way the start throws {@link StartCancelled}. Once the
 * record is written the start has succeeded and a later cancel changes nothing.
 *
 * <p>A cancel does not wait for the daemon's answer: while the start waits for its launched daemon
 * ({@link #interruptibly}), {@link #cancel()} interrupts that wait, which ends a question on the
 * control socket at once (the runner ends its client on an interrupt).
 */
public final class StartCancellation {
    private volatile boolean cancelled;
    /** The thread inside {@link #interruptibly}, if any; guarded by {@code this}. */
    private Thread waiting;

    /** A signal nobody cancels (the CLI's: Ctrl-C interrupts instead). */
    public static StartCancellation none() {
        return new StartCancellation();
    }

    /** Asks the start to stop at its next check, and interrupts the wait it is in, if any. */
    public void cancel() {
        synchronized (this) {
            cancelled = true;
            if (waiting != null) {
                waiting.interrupt();
            }
        }
    }

    /**
     * Runs {@code wait} (a wait for the launched daemon) so that {@link #cancel()} interrupts it. A
     * cancel before, during or right after it ends the start here ({@link Cancelled}), whatever the
     * wait returned or threw, and the interrupt the cancel sent is cleared: it was meant for the wait.
     */
    <T> T interruptibly(Supplier<T> wait) {
        synchronized (this) {
            check();
            waiting = Thread.currentThread();
        }
        try {
            return wait.get();
        } finally {
            synchronized (this) {
                waiting = null;
                if (cancelled) {
                    Thread.interrupted();
                }
            }
            check();
        }
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
