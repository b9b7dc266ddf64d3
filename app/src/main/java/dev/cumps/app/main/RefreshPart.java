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

    /** Blocking, on the refresh's worker, with the host snapshot just read; returns what shows the result on the UI thread. */
    Runnable collect(HostSnapshot host);
}
