package dev.cumps.app.ui;

import java.util.concurrent.Callable;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.Future;
import java.util.function.Consumer;

/** Test {@link UiExecutor}: runs the work and its callback at once, on the calling thread. */
public final class CurrentThreadUiExecutor implements UiExecutor {

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
}
