package dev.cumps.app.ui.window;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import java.util.logging.Handler;
import java.util.logging.Level;
import java.util.logging.LogRecord;
import java.util.logging.Logger;
import javafx.event.Event;
import javafx.scene.Scene;
import javafx.scene.input.KeyCode;
import javafx.scene.input.KeyEvent;
import javafx.scene.layout.Pane;
import javafx.stage.Stage;
import javafx.util.Duration;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.testfx.framework.junit5.ApplicationExtension;
import org.testfx.util.WaitForAsyncUtils;

/**
 * The main window stays where it opened while it is mapped (M-12: JavaFX 26's GTK glass moved a late-framed window to
 * the screen's corner). Here the toolkit's move is a move made by code, without any user input; the window-manager suite's
 * WindowManagerTest sees the real thing when the machine is loaded.
 */
@ExtendWith(ApplicationExtension.class)
class LaunchPositionHoldTest {

    private static final double X = 320;
    private static final double Y = 130;
    /** Long enough that no hold ends by time while a test runs, however loaded the machine. */
    private static final Duration LONG = Duration.hours(1);

    private final List<String> log = new CopyOnWriteArrayList<>();
    private final Logger logger = Logger.getLogger(LaunchPositionHold.class.getName());
    private final Handler handler = new Handler() {
        @Override
        public void publish(LogRecord entry) {
            log.add(entry.getMessage());
        }

        @Override
        public void flush() {
        }

        @Override
        public void close() {
        }
    };
    private Stage stage;

    @BeforeEach
    void showAStageHeldAtItsPosition() {
        logger.setLevel(Level.ALL);
        logger.addHandler(handler);
        stage = WaitForAsyncUtils.waitFor(WaitForAsyncUtils.asyncFx(() -> {
            Stage fresh = new Stage();
            fresh.setScene(new Scene(new Pane(), 400, 300));
            fresh.setX(X);
            fresh.setY(Y);
            fresh.show();
            LaunchPositionHold.start(fresh, X, Y, LONG, LONG);
            return fresh;
        }));
    }

    @AfterEach
    void close() {
        logger.removeHandler(handler);
        WaitForAsyncUtils.waitFor(WaitForAsyncUtils.asyncFx(() -> {
            stage.close();
            return true;
        }));
    }

    @Test
    void aWindowMovedToTheScreensCornerWhileBeingMappedIsPutBackWhereItOpened() {
        moveTo(0, 0);
        awaitLog("placed again at 320.0,130.0 (1 of 2)");
        assertEquals(X, stage.getX(), 0.5);
        assertEquals(Y, stage.getY(), 0.5);
    }

    @Test
    void afterTheUsersFirstKeyPressAMoveIsTheUsersAndStays() {
        WaitForAsyncUtils.waitFor(WaitForAsyncUtils.asyncFx(() -> {
            Event.fireEvent(stage, new KeyEvent(KeyEvent.KEY_PRESSED, "", "", KeyCode.TAB, false, false, false, false));
            return true;
        }));
        awaitLog("launch position hold ended: user input");
        moveTo(700, 400);
        // Whatever the hold would do runs on the FX thread after the move; one more turn of it shows the window unmoved.
        WaitForAsyncUtils.waitForFxEvents();
        assertEquals(700, stage.getX(), 0.5);
        assertEquals(400, stage.getY(), 0.5);
    }

    @Test
    void aWindowThatKeepsLandingElsewhereIsPutBackTwiceAndThenLeftThere() {
        moveTo(0, 0);
        awaitLog("(1 of 2)");
        moveTo(0, 0);
        awaitLog("launch position hold ended: placed again 2 times");
        moveTo(0, 0);
        WaitForAsyncUtils.waitForFxEvents();
        assertEquals(0, stage.getX(), 0.5);
        assertEquals(0, stage.getY(), 0.5);
    }

    @Test
    void aMaximizedWindowIsNotHeld() {
        WaitForAsyncUtils.waitFor(WaitForAsyncUtils.asyncFx(() -> {
            stage.setMaximized(true);
            return true;
        }));
        awaitLog("launch position hold ended: no longer a normal window");
    }

    private void moveTo(double x, double y) {
        WaitForAsyncUtils.waitFor(WaitForAsyncUtils.asyncFx(() -> {
            stage.setX(x);
            stage.setY(y);
            return true;
        }));
    }

    private void awaitLog(String part) {
        try {
            WaitForAsyncUtils.waitFor(120, TimeUnit.SECONDS, () -> log.stream().anyMatch(line -> line.contains(part)));
        } catch (TimeoutException e) {
            throw new AssertionError("no log line containing '" + part + "' in 120 s; logged: " + log, e);
        }
    }
}
