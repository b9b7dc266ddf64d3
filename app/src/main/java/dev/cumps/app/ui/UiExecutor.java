package dev.cumps.app.ui;

import java.util.concurrent.Callable;
import java.util.concurrent.Future;
import java.util.function.Consumer;

/**
 * Runs slow work (core service calls) away from the FX thread and hands the outcome back to it.
 * View models take one in their constructor; production uses {@link FxUiExecutor}, view-model
 * tests one that runs everything on the calling thread.
 */
public interface UiExecutor {

    /**
     * Runs {@code work} on a worker, then exactly one of {@code onSuccess} or {@code onFailure}
     * on the UI thread. Neither runs once the returned future is cancelled.
     */
    <T> Future<?> submit(Callable<T> work, Consumer<? super T> onSuccess, Consumer<? super Throwable> onFailure);

    /**
     * Runs {@code action} on the UI thread; for progress reported by work that is still running.
     * The default hands an empty piece of work to {@link #submit}; implementations that can reach
     * the UI thread directly override it (and then keep the order of calls).
     */
    default void runOnUi(Runnable action) {
        submit(() -> null, ignored -> action.run(), error -> {
        });
    }
}
