package dev.cumps.app.ui;

import java.time.Duration;
import java.util.Objects;
import java.util.concurrent.Callable;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.FutureTask;
import java.util.concurrent.RejectedExecutionException;
import java.util.concurrent.ScheduledFuture;
import java.util.concurrent.ScheduledThreadPoolExecutor;
import java.util.concurrent.ThreadFactory;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.function.Consumer;
import javafx.application.Platform;

/**
 * Production {@link UiExecutor}: a cached pool of daemon threads named {@code cumps-worker-N}
 * (they never keep the JVM alive after the window closes), one daemon timer thread
 * ({@code cumps-timer}, started with the first timer) that only hands due actions over, and
 * {@link Platform#runLater} for results and timers.
 */
public final class FxUiExecutor implements UiExecutor, AutoCloseable {

    private final ExecutorService workers;
    private final ScheduledThreadPoolExecutor timer;
    private final Consumer<Runnable> uiThread;

    public FxUiExecutor() {
        this(Platform::runLater);
    }

    /** @param uiThread how results reach the UI thread; {@code Platform::runLater} in production */
    public FxUiExecutor(Consumer<Runnable> uiThread) {
        this.uiThread = Objects.requireNonNull(uiThread, "uiThread");
        this.workers = Executors.newCachedThreadPool(namedDaemons("cumps-worker-"));
        this.timer = new ScheduledThreadPoolExecutor(1, namedDaemons("cumps-timer-"));
        this.timer.setRemoveOnCancelPolicy(true);
    }

    @Override
    public <T> Future<?> submit(Callable<T> work, Consumer<? super T> onSuccess,
            Consumer<? super Throwable> onFailure) {
        Objects.requireNonNull(work, "work");
        Objects.requireNonNull(onSuccess, "onSuccess");
        Objects.requireNonNull(onFailure, "onFailure");
        FutureTask<T> task = new FutureTask<>(work) {
            @Override
            protected void set(T value) {
                super.set(value);
                uiThread.accept(() -> {
                    if (!isCancelled()) {
                        onSuccess.accept(value);
                    }
                });
            }

            @Override
            protected void setException(Throwable error) {
                super.setException(error);
                uiThread.accept(() -> {
                    if (!isCancelled()) {
                        onFailure.accept(error);
                    }
                });
            }
        };
        workers.execute(task);
        return task;
    }

    @Override
    public void runOnUi(Runnable action) {
        uiThread.accept(Objects.requireNonNull(action, "action"));
    }

    @Override
    public Timer schedule(Duration delay, Runnable onUi) {
        Objects.requireNonNull(onUi, "onUi");
        AtomicBoolean cancelled = new AtomicBoolean();
        ScheduledFuture<?> due;
        try {
            due = timer.schedule(() -> uiThread.accept(() -> {
                if (!cancelled.get()) {
                    onUi.run();
                }
            }), Math.max(0, delay.toNanos()), TimeUnit.NANOSECONDS);
        } catch (RejectedExecutionException closed) {
            return () -> { }; // the window is closing: nothing runs later any more
        }
        return () -> {
            cancelled.set(true);
            due.cancel(false);
        };
    }

    /** How long {@link #close()} lets interrupted work wind down (a start undoes its launch). */
    static final Duration WIND_DOWN = Duration.ofSeconds(30);

    /**
     * Interrupts running work, refuses new work, and waits (bounded) until the workers have ended:
     * an interrupted start undoes its launch, and that must finish before the host session closes.
     */
    @Override
    public void close() {
        timer.shutdownNow();
        workers.shutdownNow();
        try {
            if (!workers.awaitTermination(WIND_DOWN.toMillis(), TimeUnit.MILLISECONDS)) {
                System.getLogger(FxUiExecutor.class.getName()).log(System.Logger.Level.WARNING,
                        "background work did not end within {0} s", WIND_DOWN.toSeconds());
            }
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }

    static ThreadFactory namedDaemons(String prefix) {
        AtomicInteger next = new AtomicInteger(1);
        return runnable -> {
            Thread thread = new Thread(runnable, prefix + next.getAndIncrement());
            thread.setDaemon(true);
            return thread;
        };
    }
}
