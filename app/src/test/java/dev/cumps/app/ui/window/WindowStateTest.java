package dev.cumps.app.ui.window;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.util.List;
import javafx.geometry.Rectangle2D;
import org.junit.jupiter.api.Test;

class WindowStateTest {

    private static final Rectangle2D LAPTOP = new Rectangle2D(0, 0, 1920, 1050);
    private static final Rectangle2D RIGHT_MONITOR = new Rectangle2D(1920, 0, 2560, 1410);

    @Test
    void aWindowInsideAScreenStaysWhereItWas() {
        WindowState state = new WindowState(100, 80, 1100, 720, false);
        assertEquals(state, state.clampedTo(List.of(LAPTOP, RIGHT_MONITOR)));
    }

    @Test
    void aWindowOnAnUnpluggedMonitorComesBackToThePrimary() {
        WindowState onRight = new WindowState(2500, 200, 1100, 720, true);
        assertEquals(new WindowState(820, 200, 1100, 720, true), onRight.clampedTo(List.of(LAPTOP)));
    }

    @Test
    void aWindowLargerThanTheScreenIsShrunkToFit() {
        WindowState huge = new WindowState(-50, -50, 4000, 3000, false);
        assertEquals(new WindowState(0, 0, 1920, 1050, false), huge.clampedTo(List.of(LAPTOP)));
    }

    @Test
    void aWindowStraddlingTwoScreensMovesOntoTheOneItMostlyCovers() {
        WindowState straddling = new WindowState(1700, 100, 1000, 600, false);
        assertEquals(new WindowState(1920, 100, 1000, 600, false),
                straddling.clampedTo(List.of(LAPTOP, RIGHT_MONITOR)));
    }

    @Test
    void aTinyWindowGrowsToTheMinimum() {
        WindowState tiny = new WindowState(10, 10, 20, 20, false);
        assertEquals(new WindowState(10, 10, WindowState.MIN_WIDTH, WindowState.MIN_HEIGHT, false),
                tiny.clampedTo(List.of(LAPTOP)));
    }

    @Test
    void nonsenseBoundsAreRefused() {
        assertThrows(IllegalArgumentException.class, () -> new WindowState(Double.NaN, 0, 100, 100, false));
        assertThrows(IllegalArgumentException.class, () -> new WindowState(0, 0, 0, 100, false));
        assertThrows(IllegalArgumentException.class, () -> new WindowState(0, 0, 100, Double.POSITIVE_INFINITY, false));
    }
}
