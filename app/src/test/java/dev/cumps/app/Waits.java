package dev.cumps.app;

import java.time.Duration;
import java.util.concurrent.Callable;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import java.util.function.BooleanSupplier;
import javafx.application.Platform;
import org.testfx.util.WaitForAsyncUtils;

/**
 * Waiting for an event, never for a time: every wait in the app tests polls for the thing itself
 * (a property, a node, a file, a process) under one generous deadline, so that a loaded machine
 * only makes a test slower, never makes it fail.
 */
public final class Waits {

    /** The one deadline of every wait: far above what any step needs, even on two busy cores. */
    public static final Duration DEADLINE = Duration.ofSeconds(60);

    private Waits() {
    }

    /** Polls {@code condition} on the calling thread until it holds; fails the test after {@link #DEADLINE}. */
    public static void until(String what, BooleanSupplier condition) {
        long deadline = System.nanoTime() + DEADLINE.toNanos();
        while (!condition.getAsBoolean()) {
            if (System.nanoTime() - deadline > 0) {
                throw new AssertionError("gave up after " + DEADLINE.toSeconds() + " s waiting for " + what);
            }
            try {
                Thread.sleep(20); // polling interval, not synchronisation: the condition decides
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                throw new AssertionError("interrupted waiting for " + what, e);
            }
        }
    }

    /**
     * Polls {@code condition} on the FX thread until it holds, then lets the FX thread finish what that
     * state set off (the tables build their cells in the next pulse): a test that then looks nodes up
     * from its own thread does not walk a scene graph the FX thread is still changing. Fails the test
     * after {@link #DEADLINE}.
     */
    public static void onFx(String what, Callable<Boolean> condition) {
        try {
            WaitForAsyncUtils.waitFor(DEADLINE.toSeconds(), TimeUnit.SECONDS,
                    () -> WaitForAsyncUtils.asyncFx(condition).get());
        } catch (TimeoutException e) {
            throw new AssertionError("gave up after " + DEADLINE.toSeconds() + " s waiting for " + what, e);
        }
        WaitForAsyncUtils.waitForFxEvents();
    }

    /** Runs {@code value} on the FX thread (inline when already there) and returns its result. */
    public static <T> T fx(Callable<T> value) {
        if (Platform.isFxApplicationThread()) {
            try {
                return value.call();
            } catch (Exception e) {
                throw new AssertionError(e);
            }
        }
        try {
            return WaitForAsyncUtils.asyncFx(value).get(DEADLINE.toSeconds(), TimeUnit.SECONDS);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new AssertionError(e);
        } catch (ExecutionException | TimeoutException e) {
            throw new AssertionError(e);
        }
    }
}
