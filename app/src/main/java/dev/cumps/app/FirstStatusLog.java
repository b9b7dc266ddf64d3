package dev.cumps.app;

import dev.cumps.app.main.MainViewModel;
import dev.cumps.app.ui.LayoutPulses;
import java.lang.System.Logger.Level;
import java.lang.management.ManagementFactory;
import java.time.Instant;
import javafx.scene.Scene;
import javafx.stage.Window;

/**
 * Logs, once, when the first complete host status is laid out in the shown window: the
 * {@code first-complete-status} line (DEBUG, logger {@code dev.cumps.app.FirstStatusLog}) with the
 * milliseconds since the JVM started and the wall-clock time of that layout pulse.
 * {@code src-test/bench/launch.sh} reads it; an operator can turn it on the same way
 * (docs/performance.md §5) to see how long the console takes to show the host.
 */
final class FirstStatusLog {

    /** The word the line starts with, so that scripts can find it. */
    static final String MARK = "first-complete-status";

    private FirstStatusLog() {
    }

    /**
     * Watches {@code scene}'s layout pulses until one runs with {@code window} showing and the first
     * successful refresh of {@code viewModel} shown, logs the line then, and stops watching. On the
     * FX thread; costs nothing when DEBUG is off for this logger.
     */
    static void install(Window window, Scene scene, MainViewModel viewModel) {
        System.Logger log = System.getLogger(FirstStatusLog.class.getName());
        if (log.isLoggable(Level.DEBUG)) {
            LayoutPulses.once(scene, viewModel.refreshingProperty(), () -> window.isShowing() && !viewModel.refreshingProperty().get()
                    && !viewModel.summary().lastRefreshProperty().get().isEmpty(), FirstStatusLog::log);
        }
    }

    private static void log() {
        Instant now = Instant.now();
        // Read after the moment is taken: the management classes cost some milliseconds to load.
        long jvmStart = ManagementFactory.getRuntimeMXBean().getStartTime();
        System.getLogger(FirstStatusLog.class.getName()).log(Level.DEBUG,
                MARK + " " + (now.toEpochMilli() - jvmStart) + " ms after the JVM started; at " + now.toEpochMilli()
                        + " ms (epoch)");
    }
}
