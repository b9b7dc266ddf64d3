package dev.cumps.app.live;

import java.util.Objects;

/**
 * How often a page that asks a control daemon asks it: at every refresh someone asked for (F5, Refresh, the
 * page shown, another daemon selected, the end of an action), and of the periodic refreshes only one per
 * {@code periodSeconds}, counted in the timer's own intervals (a tick that is skipped because a collection still
 * ran is not counted). The daemon logs every connection and every question to its {@code control.log}
 * (review 2026-12-06 M-8: the Clients and Limits pages asked at every 2 s tick, 240–345 lines per 30 s); between
 * asks the page keeps showing the last answer. {@link #due} runs on the refresh's worker
 * (refreshes never overlap), {@link #forget} on any thread.
 */
final class LiveCadence {
    /** The Clients page: clients come and go while it is watched. */
    static final int CLIENTS_SECONDS = 10;
    /** The Limits page: limits change when someone sets them (the window's own change asks at once). */
    static final int LIMITS_SECONDS = 30;

    private final int periodSeconds;
    /** What the last ask was for (a daemon's name and pid); null: not asked since the page was last shown. */
    private volatile String askedFor;
    private int secondsSinceAsk;

    LiveCadence(int periodSeconds) {
        this.periodSeconds = periodSeconds;
    }

    /**
     * Whether this refresh asks the daemon {@code key} names (its name and pid: a daemon restarted under the same
     * name is another); {@code periodic}: the timer's tick, which comes every {@code intervalSeconds}; when it
     * asks, the count starts again.
     */
    boolean due(String key, boolean periodic, int intervalSeconds) {
        if (periodic && Objects.equals(key, askedFor) && secondsSinceAsk + intervalSeconds < periodSeconds) {
            secondsSinceAsk += intervalSeconds;
            return false;
        }
        askedFor = key;
        secondsSinceAsk = 0;
        return true;
    }

    /** The page was hidden, or nothing was asked (no live daemon): the next refresh asks, whatever its cause. */
    void forget() {
        askedFor = null;
    }
}
