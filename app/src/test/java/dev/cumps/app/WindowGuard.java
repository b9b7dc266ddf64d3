package dev.cumps.app;

import dev.cumps.app.i18n.Messages;
import dev.cumps.app.ui.error.ErrorReport;
import dev.cumps.app.ui.error.ErrorReporter;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.atomic.AtomicLong;
import java.util.function.BooleanSupplier;
import javafx.animation.AnimationTimer;

/**
 * Watches a window under test for the two promises "never throws" and "never freezes".
 *
 * <p>Throws: the window's own {@link ErrorReporter} is installed on the FX thread and as the JVM's
 * default handler (as {@code ConsoleApplication} installs it), presenting into a list instead of a
 * dialog; {@link #assertNoUncaughtErrors()} fails with what reached it.
 *
 * <p>Freezes: an {@link AnimationTimer} counts FX pulses. It runs on the FX thread, so the count only
 * moves while that thread is free; {@link #framesWhile()} counts only the pulses during which
 * {@link #watchWhile} held, i.e. pulses that happened <em>while</em> the fault was being dealt with.
 * Call everything from the test thread; {@link #close()} restores the handlers.
 */
public final class WindowGuard implements AutoCloseable {

    private final List<Throwable> uncaught = new CopyOnWriteArrayList<>();
    private final List<ErrorReport> reports = new CopyOnWriteArrayList<>();
    private final AtomicLong frames = new AtomicLong();
    private final AtomicLong framesWhile = new AtomicLong();
    private volatile BooleanSupplier during = () -> false;
    private final AnimationTimer pulses;
    private Thread.UncaughtExceptionHandler fxHandler;
    private final Thread.UncaughtExceptionHandler defaultHandler;
    private final Thread fxThread;

    public WindowGuard(Messages messages) {
        ErrorReporter reporter = new ErrorReporter(messages, reports::add, Runnable::run);
        Thread.UncaughtExceptionHandler recording = (thread, error) -> {
            uncaught.add(error);
            reporter.uncaughtException(thread, error);
        };
        defaultHandler = Thread.getDefaultUncaughtExceptionHandler();
        Thread.setDefaultUncaughtExceptionHandler(recording);
        fxThread = Waits.fx(() -> {
            fxHandler = Thread.currentThread().getUncaughtExceptionHandler();
            Thread.currentThread().setUncaughtExceptionHandler(recording);
            return Thread.currentThread();
        });
        pulses = new AnimationTimer() {
            @Override
            public void handle(long now) {
                frames.incrementAndGet();
                if (during.getAsBoolean()) {
                    framesWhile.incrementAndGet();
                }
            }
        };
        Waits.fx(() -> {
            pulses.start();
            return null;
        });
    }

    /** Counts the pulses during which {@code condition} (read on the FX thread) holds from now on. */
    public void watchWhile(BooleanSupplier condition) {
        framesWhile.set(0);
        during = condition;
    }

    public long frames() {
        return frames.get();
    }

    public long framesWhile() {
        return framesWhile.get();
    }

    /** Waits until the FX thread has pulsed {@code count} more times: it is not blocked. */
    public void awaitPulses(String when, int count) {
        long target = frames.get() + count;
        Waits.until(count + " FX pulses " + when, () -> frames.get() >= target);
    }

    /** Waits until {@code count} pulses happened while the watched condition held. */
    public void awaitPulsesWhile(String what, int count) {
        Waits.until(count + " FX pulses while " + what, () -> framesWhile.get() >= count);
    }

    public void assertNoUncaughtErrors() {
        if (!uncaught.isEmpty()) {
            AssertionError failure = new AssertionError(uncaught.size() + " uncaught exception(s) reached the error reporter: "
                    + reports.stream().map(ErrorReport::summary).toList());
            uncaught.forEach(failure::addSuppressed);
            throw failure;
        }
    }

    @Override
    public void close() {
        Waits.fx(() -> {
            pulses.stop();
            fxThread.setUncaughtExceptionHandler(fxHandler);
            return null;
        });
        Thread.setDefaultUncaughtExceptionHandler(defaultHandler);
    }
}
