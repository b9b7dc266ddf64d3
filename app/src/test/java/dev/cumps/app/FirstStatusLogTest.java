package dev.cumps.app;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import java.util.Locale;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.logging.Handler;
import java.util.logging.Level;
import java.util.logging.LogRecord;
import java.util.logging.Logger;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.testfx.util.WaitForAsyncUtils;

/** The line the launch harness (src-test/bench/launch.sh) reads: once, after the first complete status is laid out. */
class FirstStatusLogTest {

    @RegisterExtension
    final ConsoleExtension console = ConsoleExtension.showing(Locale.ENGLISH);

    private final Logger logger = Logger.getLogger(FirstStatusLog.class.getName());
    private final List<String> lines = new CopyOnWriteArrayList<>();
    private final Handler handler = new Handler() {
        @Override
        public void publish(LogRecord record) {
            lines.add(record.getMessage());
        }

        @Override
        public void flush() {
        }

        @Override
        public void close() {
        }
    };

    @AfterEach
    void removeHandler() {
        logger.removeHandler(handler);
        logger.setLevel(null);
    }

    @Test
    void oneLineWithTheTimesOnceTheFirstRefreshIsShownInTheShowingWindow() {
        logger.setLevel(Level.FINE);
        logger.addHandler(handler);
        Waits.fx(() -> {
            FirstStatusLog.install(console.stage(), console.window().scene(), console.window().viewModel());
            console.window().viewModel().refresh();
            return null;
        });
        Waits.until("the first-complete-status line", () -> !lines.isEmpty());
        assertTrue(lines.get(0).matches("first-complete-status \\d+ ms after the JVM started; at \\d+ ms \\(epoch\\)"),
                lines.get(0));

        Waits.fx(() -> {
            console.window().viewModel().refresh();
            return null;
        });
        Waits.until("the second refresh shown", () -> !Waits.fx(() -> console.window().viewModel().refreshingProperty().get()));
        WaitForAsyncUtils.waitForFxEvents();
        assertEquals(1, lines.size(), lines.toString());
    }

    /** With DEBUG off at the launch nothing watches the pulses: turning it on later logs nothing. */
    @Test
    void nothingIsWatchedWhenDebugIsOffAtInstall() {
        logger.setLevel(Level.INFO);
        logger.addHandler(handler);
        Waits.fx(() -> {
            FirstStatusLog.install(console.stage(), console.window().scene(), console.window().viewModel());
            return null;
        });
        logger.setLevel(Level.FINE);
        Waits.fx(() -> {
            console.window().viewModel().refresh();
            return null;
        });
        Waits.until("the refresh shown", () -> !Waits.fx(() -> console.window().viewModel().refreshingProperty().get()));
        WaitForAsyncUtils.waitForFxEvents();
        assertEquals(List.of(), lines);
    }
}
