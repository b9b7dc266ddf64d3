package dev.cumps.app.ui;

import java.time.Duration;
import java.util.ArrayDeque;
import java.util.Deque;
import java.util.concurrent.Callable;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.Future;
import java.util.function.Consumer;

/**
 * A {@link UiExecutor} that holds submitted work in a queue until the test runs it ({@link #runNext()},
 * {@link #runLast()}), so "while one runs" is a state, not a race, and runs can end in any order. UI
 * actions run at once (the test is the UI thread); it sets no timers. Cancelling the returned future
 * does not take the work out of the queue: whoever cancelled must make sure nobody hears it.
 */
public final class HeldUiExecutor implements UiExecutor {

    private final Deque<Runnable> held = new ArrayDeque<>();

    @Override
    public <T> Future<?> submit(Callable<T> work, Consumer<? super T> onSuccess, Consumer<? super Throwable> onFailure) {
        held.add(() -> {
            T value;
            try {
                value = work.call();
            } catch (Exception e) {
                onFailure.accept(e);
                return;
            }
            onSuccess.accept(value);
        });
        return new CompletableFuture<>();
    }

    @Override
    public void runOnUi(Runnable action) {
        action.run();
    }

    @Override
    public Timer schedule(Duration delay, Runnable onUi) {
        throw new UnsupportedOperationException("the held executor sets no timers");
    }

    /** How many pieces of work wait. */
    public int waiting() {
        return held.size();
    }

    /** Runs the oldest waiting work, then its outcome's callback. */
    public void runNext() {
        held.removeFirst().run();
    }

    /** Runs the newest waiting work, then its outcome's callback. */
    public void runLast() {
        held.removeLast().run();
    }
}
