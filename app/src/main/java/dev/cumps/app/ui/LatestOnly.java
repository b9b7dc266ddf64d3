package dev.cumps.app.ui;

/**
 * "Only the newest run counts": each {@link #start} cancels the task this one started before, so a
 * superseded run is interrupted and none of its observers hears anything (a check of an older form, a
 * doctor run the user replaced). UI thread only.
 */
public final class LatestOnly {

    private UiTask<?, ?> current;

    /** Cancels the previous task, if it still runs, and starts {@code task}; returns it. */
    public <T, P> UiTask<T, P> start(UiTask<T, P> task) {
        cancel();
        current = task;
        return task.start();
    }

    /** Cancels the newest task; returns false when none was running. */
    public boolean cancel() {
        UiTask<?, ?> was = current;
        current = null;
        return was != null && was.cancel();
    }

    /** Whether the newest task still runs. */
    public boolean isRunning() {
        return current != null && current.isRunning();
    }
}
