package dev.cumps.app.ui;

import java.time.Duration;
import java.util.Objects;
import java.util.concurrent.Callable;
import java.util.concurrent.Future;
import java.util.function.Consumer;

/**
 * The window's one way to do things later or elsewhere: slow work (core service calls) on a worker with
 * the outcome handed back to the UI thread (as a {@link UiTask} from {@link #task}, or by {@link #submit}), and timers on the UI thread ({@link #schedule},
 * {@link #every}, and {@link Debounce} on top). View models and views take one (through the
 * {@code ConsoleContext}); production uses {@link FxUiExecutor}, tests a deterministic one that runs work on
 * the calling thread and timers when the test moves its clock.
 */
public interface UiExecutor {

    /**
     * Runs {@code work} on a worker, then exactly one of {@code onSuccess} or {@code onFailure}
     * on the UI thread. Neither runs once the returned future is cancelled. The primitive each executor
     * implements and {@link UiTask} is built on; window code makes a {@link #task} instead.
     */
    <T> Future<?> submit(Callable<T> work, Consumer<? super T> onSuccess, Consumer<? super Throwable> onFailure);

    /** The task of {@code work}, not yet started ({@link UiTask#start()}): it reports no progress. */
    default <T> UiTask<T, Void> task(Callable<T> work) {
        Objects.requireNonNull(work, "work");
        return new UiTask<>(this, progress -> work.call());
    }

    /** The task of {@code work}, which reports progress while it runs; not yet started ({@link UiTask#start()}). */
    default <T, P> UiTask<T, P> task(UiTask.Work<T, P> work) {
        return new UiTask<>(this, Objects.requireNonNull(work, "work"));
    }

    /**
     * Runs {@code action} on the UI thread; for progress reported by work that is still running.
     * The default hands an empty piece of work to {@link #submit}; implementations that can reach
     * the UI thread directly override it (and then keep the order of calls).
     */
    default void runOnUi(Runnable action) {
        submit(() -> null, ignored -> action.run(), error -> {
        });
    }

    /**
     * Runs {@code onUi} on the UI thread once {@code delay} has passed, unless cancelled before. Not an
     * animation: a waiting timer costs the UI thread nothing (a running {@code Timeline} or
     * {@code PauseTransition} keeps the FX pulse going sixty times a second; docs/performance.md).
     */
    Timer schedule(Duration delay, Runnable onUi);

    /** Runs {@code onUi} on the UI thread every {@code period} (the first time after one period) until cancelled. */
    default Timer every(Duration period, Runnable onUi) {
        Objects.requireNonNull(onUi, "onUi");
        if (period.isNegative() || period.isZero()) {
            throw new IllegalArgumentException("period must be positive: " + period);
        }
        Timer[] next = new Timer[1];
        boolean[] cancelled = new boolean[1];
        Runnable[] tick = new Runnable[1];
        tick[0] = () -> {
            synchronized (next) {
                if (cancelled[0]) {
                    return;
                }
                next[0] = schedule(period, tick[0]);
            }
            onUi.run();
        };
        synchronized (next) {
            next[0] = schedule(period, tick[0]);
        }
        return () -> {
            synchronized (next) {
                cancelled[0] = true;
                next[0].cancel();
            }
        };
    }

    /** A timer set by {@link #schedule} or {@link #every}. */
    @FunctionalInterface
    interface Timer {
        /** Its action does not run (again); harmless once it ran or was cancelled. */
        void cancel();
    }
}
