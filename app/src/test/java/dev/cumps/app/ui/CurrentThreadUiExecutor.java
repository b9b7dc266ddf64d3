package dev.cumps.app.ui;

import java.time.Duration;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.concurrent.Callable;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.Future;
import java.util.function.Consumer;

/**
 * Test {@link UiExecutor}: runs the work and its callback at once, on the calling thread; timers run
 * only when the test moves this executor's own clock ({@link #advance}), in the order they fall due.
 * Deterministic: no thread and no wall clock.
 */
public final class CurrentThreadUiExecutor implements UiExecutor {

    private record Pending(long dueNanos, long order, Runnable action, boolean[] cancelled) {
    }

    private final List<Pending> timers = new ArrayList<>();
    private long nowNanos;
    private long order;

    @Override
    public <T> Future<?> submit(Callable<T> work, Consumer<? super T> onSuccess,
            Consumer<? super Throwable> onFailure) {
        T value;
        try {
            value = work.call();
        } catch (Exception e) {
            onFailure.accept(e);
            return CompletableFuture.failedFuture(e);
        }
        onSuccess.accept(value);
        return CompletableFuture.completedFuture(value);
    }

    @Override
    public synchronized Timer schedule(Duration delay, Runnable onUi) {
        boolean[] cancelled = new boolean[1];
        timers.add(new Pending(nowNanos + Math.max(0, delay.toNanos()), order++, onUi, cancelled));
        return () -> {
            synchronized (this) {
                cancelled[0] = true;
            }
        };
    }

    /** Moves the clock on by {@code time}, running every timer that falls due meanwhile (also those they set). */
    public void advance(Duration time) {
        long until;
        synchronized (this) {
            until = nowNanos + time.toNanos();
        }
        while (true) {
            Pending next;
            synchronized (this) {
                next = timers.stream().filter(p -> p.dueNanos() <= until)
                        .min(Comparator.comparingLong(Pending::dueNanos).thenComparingLong(Pending::order)).orElse(null);
                if (next == null) {
                    nowNanos = until;
                    return;
                }
                timers.remove(next);
                nowNanos = next.dueNanos();
                if (next.cancelled()[0]) {
                    continue;
                }
            }
            next.action().run();
        }
    }

    /** How many timers wait (not cancelled). */
    public synchronized long waitingTimers() {
        return timers.stream().filter(p -> !p.cancelled()[0]).count();
    }
}
