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
}
