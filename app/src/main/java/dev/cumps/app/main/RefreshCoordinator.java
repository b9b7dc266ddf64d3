package dev.cumps.app.main;

import dev.cumps.app.ui.UiExecutor;
import java.util.Objects;
import java.util.Optional;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.function.Consumer;
import java.util.function.Supplier;
import javafx.beans.property.ReadOnlyBooleanProperty;
import javafx.beans.property.ReadOnlyBooleanWrapper;

/**
 * The one guard of the main window's refresh: at most one collection runs at a time, whoever
 * asked for it (the periodic {@link AutoRefresh}, F5, Refresh, or the end of an action). A request
 * while one runs is dropped, not queued: the running one brings fresh rows anyway.
 *
 * <p>The guard is held from the moment a request is accepted until its collection has ended (on
 * the worker), so two collections never overlap. {@link #refreshingProperty()} mirrors it on the
 * UI thread and turns false once the result is shown.
 *
 * @param <S> what one collection produces
 */
final class RefreshCoordinator<S> {

    private final AtomicBoolean inFlight = new AtomicBoolean();
    private final ReadOnlyBooleanWrapper refreshing = new ReadOnlyBooleanWrapper(this, "refreshing");
    private final UiExecutor executor;
    private final Supplier<S> collector;
    private final Consumer<S> show;
    private final Consumer<Throwable> failed;

    /**
     * @param collector blocking; runs on a worker while the guard is held
     * @param show      shows a result, on the UI thread
     * @param failed    shows a failed collection, on the UI thread
     */
    RefreshCoordinator(UiExecutor executor, Supplier<S> collector, Consumer<S> show, Consumer<Throwable> failed) {
        this.executor = Objects.requireNonNull(executor, "executor");
        this.collector = Objects.requireNonNull(collector, "collector");
        this.show = Objects.requireNonNull(show, "show");
        this.failed = Objects.requireNonNull(failed, "failed");
    }

    /** Asks for a refresh now, on the UI thread: collected on the executor's worker, then shown. */
    void refreshNow() {
        refreshNow(collector);
    }

    /**
     * As {@link #refreshNow()}, the collection being {@code collection} (the first one, around a read
     * started ahead); the same guard, and shown the same way.
     */
    void refreshNow(Supplier<S> collection) {
        Objects.requireNonNull(collection, "collection");
        if (!inFlight.compareAndSet(false, true)) {
            return;
        }
        refreshing.set(true);
        executor.task(() -> collectHeld(collection)).onSuccess(result -> {
            show.accept(result);
            ended();
        }).onFailure(error -> {
            failed.accept(error);
            ended();
        }).start();
    }

    /**
     * Collects on the calling worker (the periodic refresh's own thread) unless a collection runs;
     * the caller shows the result with {@link #show} (or {@link #showFailure}) on the UI thread.
     */
    Optional<S> collectIfIdle() {
        return collectIfIdle(collector);
    }

    /** As {@link #collectIfIdle()}, the collection being {@code collection} (the periodic one's). */
    Optional<S> collectIfIdle(Supplier<S> collection) {
        Objects.requireNonNull(collection, "collection");
        if (!inFlight.compareAndSet(false, true)) {
            return Optional.empty();
        }
        executor.runOnUi(() -> refreshing.set(true));
        return Optional.of(collectHeld(collection));
    }

    /** Shows what {@link #collectIfIdle} returned; on the UI thread. */
    void show(Optional<S> result) {
        result.ifPresent(show);
        ended();
    }

    /**
     * The periodic refresh's run was cancelled (paused, window hidden): the guard is released by its
     * worker when the collection ends, and this shows whether a collection still runs. Any thread.
     */
    void cancelled() {
        executor.runOnUi(this::ended);
    }

    /** Shows that {@link #collectIfIdle} failed; on the UI thread. */
    void showFailure(Throwable error) {
        failed.accept(error);
        ended();
    }

    private S collectHeld(Supplier<S> collection) {
        try {
            return collection.get();
        } finally {
            inFlight.set(false);
        }
    }

    /** A result was shown: refreshing unless another collection has begun meanwhile. */
    private void ended() {
        refreshing.set(inFlight.get());
    }

    /** True (on the UI thread) from an accepted request until its result is shown. */
    ReadOnlyBooleanProperty refreshingProperty() {
        return refreshing.getReadOnlyProperty();
    }
}
