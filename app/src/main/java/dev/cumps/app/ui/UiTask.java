package dev.cumps.app.ui;

import java.util.ArrayList;
import java.util.List;
import java.util.Objects;
import java.util.concurrent.Future;
import java.util.function.Consumer;
import java.util.function.Function;

/**
 * One piece of the window's slow work as an object (JabRef's {@code BackgroundTask}): made by
 * {@link UiExecutor#task}, given its observers, then {@link #start() started}. Everything it tells runs on
 * the UI thread: each progress value the work reports, in order, then exactly one terminal outcome, a
 * success or a failure. An observer added after the outcome hears it at once; a progress observer hears
 * what is reported after it was added. {@link #cancel()} interrupts the worker, and after it no observer
 * hears anything. For "only the newest run counts" see {@link LatestOnly}. UI thread only (its state is
 * never touched by the worker).
 *
 * @param <T> what the work returns
 * @param <P> what it reports while it runs ({@code Void} when it reports nothing)
 */
public final class UiTask<T, P> {

    /** Work that reports progress through {@code progress} (any thread) while it runs on a worker. */
    @FunctionalInterface
    public interface Work<T, P> {
        T call(Consumer<? super P> progress) throws Exception;
    }

    private enum State { NEW, RUNNING, SUCCEEDED, FAILED, CANCELLED }

    private final UiExecutor executor;
    private final Work<T, P> work;
    private final List<Consumer<? super T>> successObservers = new ArrayList<>();
    private final List<Consumer<? super Throwable>> failureObservers = new ArrayList<>();
    private final List<Consumer<? super P>> progressObservers = new ArrayList<>();
    private State state = State.NEW;
    private T value;
    private Throwable error;
    private Future<?> running;
    /** The task a {@link #map}ped one follows; null for one with work of its own. */
    private UiTask<?, ?> source;

    UiTask(UiExecutor executor, Work<T, P> work) {
        this.executor = Objects.requireNonNull(executor, "executor");
        this.work = work;
    }

    /**
     * A task of what {@code onSuccess} or {@code onFailure} make, on the UI thread, of this one's outcome (a
     * failure turned into a value), with this one's progress; it runs as this one does, and cancelling it
     * cancels this one.
     */
    public <R> UiTask<R, P> map(Function<? super T, ? extends R> onSuccess, Function<? super Throwable, ? extends R> onFailure) {
        Objects.requireNonNull(onSuccess, "onSuccess");
        Objects.requireNonNull(onFailure, "onFailure");
        UiTask<R, P> mapped = follower();
        onSuccess(v -> mapped.succeeded(onSuccess.apply(v)));
        onFailure(e -> mapped.succeeded(onFailure.apply(e)));
        return mapped;
    }

    /**
     * A task of what {@code onSuccess} makes, on the UI thread, of this one's value; this one's failure stays
     * its failure. Runs and cancels as {@link #map(Function, Function)} does.
     */
    public <R> UiTask<R, P> map(Function<? super T, ? extends R> onSuccess) {
        Objects.requireNonNull(onSuccess, "onSuccess");
        UiTask<R, P> mapped = follower();
        onSuccess(v -> mapped.succeeded(onSuccess.apply(v)));
        onFailure(mapped::failed);
        return mapped;
    }

    /** A task that follows this one: it hears this one's progress, and cancelling it cancels this one. */
    private <R> UiTask<R, P> follower() {
        UiTask<R, P> mapped = new UiTask<>(executor, null);
        mapped.source = this;
        mapped.state = state == State.CANCELLED ? State.CANCELLED : State.RUNNING;
        onProgress(mapped::progressed);
        return mapped;
    }

    /** {@code observer} hears the value, on the UI thread, once the work succeeded. */
    public UiTask<T, P> onSuccess(Consumer<? super T> observer) {
        Objects.requireNonNull(observer, "observer");
        if (state == State.SUCCEEDED) {
            observer.accept(value);
        } else {
            successObservers.add(observer);
        }
        return this;
    }

    /** {@code observer} hears what the work failed with, on the UI thread. */
    public UiTask<T, P> onFailure(Consumer<? super Throwable> observer) {
        Objects.requireNonNull(observer, "observer");
        if (state == State.FAILED) {
            observer.accept(error);
        } else {
            failureObservers.add(observer);
        }
        return this;
    }

    /** {@code observer} hears each value the work reports from now on, in order, on the UI thread. */
    public UiTask<T, P> onProgress(Consumer<? super P> observer) {
        progressObservers.add(Objects.requireNonNull(observer, "observer"));
        return this;
    }

    /** Runs the work on a worker; a second call does nothing. */
    public UiTask<T, P> start() {
        if (state != State.NEW) {
            return this;
        }
        state = State.RUNNING;
        Consumer<? super P> report = p -> executor.runOnUi(() -> progressed(p));
        Future<?> future = executor.submit(() -> work.call(report), this::succeeded, this::failed);
        if (state == State.CANCELLED) {
            future.cancel(true); // cancelled by one of its own observers before submit returned
        } else {
            running = future;
        }
        return this;
    }

    /**
     * Interrupts the work (it may still run to its end, unheard) and makes sure no observer hears anything
     * more. Returns false when there was nothing to cancel: never started, or already ended.
     */
    public boolean cancel() {
        if (state != State.RUNNING && state != State.NEW) {
            return false;
        }
        boolean wasRunning = state == State.RUNNING;
        state = State.CANCELLED;
        clear();
        if (running != null) {
            running.cancel(true);
        }
        if (source != null) {
            source.cancel();
        }
        return wasRunning;
    }

    /** Started and not yet ended nor cancelled. */
    public boolean isRunning() {
        return state == State.RUNNING;
    }

    private void progressed(P progress) {
        if (state == State.RUNNING) {
            for (Consumer<? super P> observer : List.copyOf(progressObservers)) {
                observer.accept(progress);
                if (state != State.RUNNING) {
                    return;
                }
            }
        }
    }

    private void succeeded(T result) {
        if (state != State.RUNNING) {
            return;
        }
        state = State.SUCCEEDED;
        value = result;
        List<Consumer<? super T>> observers = List.copyOf(successObservers);
        clear();
        observers.forEach(o -> o.accept(result));
    }

    private void failed(Throwable failure) {
        if (state != State.RUNNING) {
            return;
        }
        state = State.FAILED;
        error = failure;
        List<Consumer<? super Throwable>> observers = List.copyOf(failureObservers);
        clear();
        observers.forEach(o -> o.accept(failure));
    }

    private void clear() {
        successObservers.clear();
        failureObservers.clear();
        progressObservers.clear();
    }
}
