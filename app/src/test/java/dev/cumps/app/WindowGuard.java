package dev.cumps.app;

import dev.cumps.app.i18n.Messages;
import dev.cumps.app.ui.error.ErrorReport;
import dev.cumps.app.ui.error.ErrorReporter;
import java.lang.reflect.InvocationTargetException;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.atomic.AtomicLong;
import java.util.function.BooleanSupplier;
import javafx.animation.AnimationTimer;
import org.testfx.util.WaitForAsyncUtils;

/**
 * Watches a window under test for the two promises "never throws" and "never freezes".
 *
 * <p>Throws: the window's own {@link ErrorReporter} is installed on the FX thread and as the JVM's
 * default handler (as {@code ConsoleApplication} installs it), presenting into a list instead of a
 * dialog; {@link #assertNoUncaughtErrors()} fails with what reached it. JavaFX's headless glass delivers
 * a robot's mouse and key events inside the task TestFX runs on the FX thread, so an exception thrown by
 * a handler ends in that task (TestFX keeps it) instead of the FX thread's handler, where a desktop's event
 * loop sends it: those are handed to the same reporter.
 *
 * <p>Freezes: an {@link AnimationTimer} counts FX pulses. It runs on the FX thread, so the count only
 * moves while that thread is free; {@link #framesWhile()} counts only the pulses during which
 * {@link #watchWhile} held, i.e. pulses that happened <em>while</em> the fault was being dealt with.
 * Call everything from the test thread; {@link #close()} restores the handlers.
 */
public final class WindowGuard implements AutoCloseable {

    private static final int MAX_ROBOT_TASK_ERRORS = 100;

    private final List<Throwable> uncaught = new CopyOnWriteArrayList<>();
    private final List<ErrorReport> reports = new CopyOnWriteArrayList<>();
    private final AtomicLong frames = new AtomicLong();
    private final AtomicLong framesWhile = new AtomicLong();
    private volatile BooleanSupplier during = () -> false;
    private final AnimationTimer pulses;
    private Thread.UncaughtExceptionHandler fxHandler;
    private final Thread.UncaughtExceptionHandler defaultHandler;
    private final Thread fxThread;
    private final ErrorReporter reporter;

    public WindowGuard(Messages messages) {
        reporter = new ErrorReporter(messages, reports::add, Runnable::run);
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
        collectFromRobotTasks();
        if (!uncaught.isEmpty()) {
            AssertionError failure = new AssertionError(uncaught.size() + " uncaught exception(s) reached the error reporter: "
                    + reports.stream().map(ErrorReport::summary).toList());
            uncaught.forEach(failure::addSuppressed);
            throw failure;
        }
    }

    /** What the robot's input tasks threw (TestFX keeps each; {@code checkException} hands one over at a time). */
    private void collectFromRobotTasks() {
        for (int i = 0; i < MAX_ROBOT_TASK_ERRORS; i++) {
            try {
                WaitForAsyncUtils.checkException();
                return;
            } catch (Throwable kept) {
                Throwable cause = kept;
                while ((cause instanceof RuntimeException && cause.getClass() == RuntimeException.class
                        || cause instanceof InvocationTargetException || cause instanceof ExecutionException) && cause.getCause() != null) {
                    cause = cause.getCause();
                }
                uncaught.add(cause);
                reporter.uncaughtException(fxThread, cause);
            }
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
