package dev.cumps.app.ui;

import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionException;

/** Waiting for work started ahead on another thread. */
public final class Futures {

    private Futures() {
    }

    /** {@code future}'s value, waiting for it, or what it failed with, thrown as it was thrown. */
    public static <T> T joined(CompletableFuture<T> future) {
        try {
            return future.join();
        } catch (CompletionException e) {
            if (e.getCause() instanceof RuntimeException cause) {
                throw cause;
            }
            if (e.getCause() instanceof Error cause) {
                throw cause;
            }
            throw e;
        }
    }
}
