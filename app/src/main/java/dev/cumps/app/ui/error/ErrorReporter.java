package dev.cumps.app.ui.error;

import dev.cumps.app.i18n.Messages;
import java.lang.System.Logger.Level;
import java.util.Objects;
import java.util.concurrent.Executor;
import java.util.function.Consumer;
import javafx.application.Platform;

/**
 * Last line of defence for exceptions nobody caught: logs them through {@link System.Logger} and
 * shows an {@link ErrorReport} on the FX thread. Installed as the JVM default handler (worker
 * threads) and on the FX thread itself (event handlers, {@code runLater} bodies).
 */
public final class ErrorReporter implements Thread.UncaughtExceptionHandler {

    private static final System.Logger LOG = System.getLogger(ErrorReporter.class.getName());

    private final Messages messages;
    private final Consumer<ErrorReport> presenter;
    private final Executor fxThread;

    /**
     * @param presenter shows a report; called on {@code fxThread}
     * @param fxThread  runs the presenter; may throw {@link IllegalStateException} when the
     *                  toolkit is not running, in which case the error is only logged
     */
    public ErrorReporter(Messages messages, Consumer<ErrorReport> presenter, Executor fxThread) {
        this.messages = Objects.requireNonNull(messages, "messages");
        this.presenter = Objects.requireNonNull(presenter, "presenter");
        this.fxThread = Objects.requireNonNull(fxThread, "fxThread");
    }

    /** The production reporter: an {@link ErrorDialog} via {@link Platform#runLater}. */
    public static ErrorReporter forWindow(Messages messages) {
        return new ErrorReporter(messages, new ErrorDialog(messages)::show, handOff(Platform::runLater));
    }

    /**
     * Runs {@code target.execute} on a short-lived daemon thread, so that the failing thread never
     * waits: {@code Platform.runLater} blocks until the toolkit has started, and when the toolkit
     * itself failed to start ("Unable to open DISPLAY") it would block, and keep the JVM alive, forever.
     */
    static Executor handOff(Executor target) {
        return task -> {
            Thread thread = new Thread(() -> {
                try {
                    target.execute(task);
                } catch (RuntimeException e) {
                    // Not rethrown: it would come back here as another uncaught exception.
                    LOG.log(Level.DEBUG, "Could not reach the FX thread; error logged only: " + e);
                }
            }, "cumps-error-handoff");
            thread.setDaemon(true);
            thread.start();
        };
    }

    public void installAsDefault() {
        Thread.setDefaultUncaughtExceptionHandler(this);
    }

    /** Call on the FX thread, e.g. from {@code Application.start}. */
    public void installOnCurrentThread() {
        Thread.currentThread().setUncaughtExceptionHandler(this);
    }

    @Override
    public void uncaughtException(Thread thread, Throwable error) {
        LOG.log(Level.ERROR, "Uncaught exception in thread \"" + thread.getName() + "\"", error);
        ErrorReport report;
        try {
            report = ErrorReport.of(error, messages);
        } catch (RuntimeException e) {
            LOG.log(Level.ERROR, "Could not describe the error", e);
            return;
        }
        try {
            fxThread.execute(() -> present(report));
        } catch (IllegalStateException toolkitNotRunning) {
            LOG.log(Level.DEBUG, "No toolkit to show the error on; logged only");
        }
    }

    private void present(ErrorReport report) {
        try {
            presenter.accept(report);
        } catch (RuntimeException e) {
            // Never rethrow from here: it would come straight back to this handler.
            LOG.log(Level.ERROR, "Could not show the error dialog", e);
        }
    }
}
