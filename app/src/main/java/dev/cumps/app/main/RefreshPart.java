package dev.cumps.app.main;

import dev.cumps.core.snapshot.HostSnapshot;

/**
 * Work that rides along with each refresh of the main window (the Clients and Limits panes): it
 * runs on the worker that holds the refresh guard, right after the host status was collected, so
 * it never overlaps another collection; what it returns shows the result on the UI thread, after
 * the tables. A part handles its own failures (the refresh's other parts and tables still show).
 */
@FunctionalInterface
public interface RefreshPart {

    /**
     * Why a refresh collects: asked for (F5, Refresh, the end of an action, a page shown, the launch), or the
     * periodic timer's tick, which comes every {@code intervalSeconds} (0 when asked). A part that asks a control
     * daemon may skip a periodic tick ({@code dev.cumps.app.live.LiveCadence}): each question is logged by the daemon.
     */
    record Cause(boolean periodic, int intervalSeconds) {
        /** A refresh someone or something asked for. */
        public static final Cause ASKED = new Cause(false, 0);

        /** The periodic timer's tick, every {@code intervalSeconds}. */
        public static Cause periodic(int intervalSeconds) {
            return new Cause(true, Math.max(1, intervalSeconds));
        }
    }

    /** Blocking, on the refresh's worker, with the host snapshot just read; returns what shows the result on the UI thread. */
    Runnable collect(HostSnapshot host, Cause cause);
}
