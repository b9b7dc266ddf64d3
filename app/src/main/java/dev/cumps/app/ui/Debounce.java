package dev.cumps.app.ui;

import java.time.Duration;
import java.util.Objects;

/**
 * Runs the last of a burst of requests once they pause for {@code quiet} (typing in a field): each
 * {@link #run} cancels the one still waiting. On the UI thread, through a {@link UiExecutor}'s timer.
 */
public final class Debounce {

    private final UiExecutor executor;
    private final Duration quiet;
    private UiExecutor.Timer waiting;

    public Debounce(UiExecutor executor, Duration quiet) {
        this.executor = Objects.requireNonNull(executor, "executor");
        this.quiet = Objects.requireNonNull(quiet, "quiet");
    }

    /** Runs {@code onUi} on the UI thread after the quiet time, unless another {@code run} or {@link #cancel} comes first. */
    public synchronized void run(Runnable onUi) {
        cancel();
        waiting = executor.schedule(quiet, onUi);
    }

    /** The waiting request, if any, does not run. */
    public synchronized void cancel() {
        if (waiting != null) {
            waiting.cancel();
            waiting = null;
        }
    }
}
