package dev.cumps.app.ui.window;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.List;
import java.util.Optional;
import javafx.geometry.Rectangle2D;
import org.junit.jupiter.api.Test;

/** Which bounds the main window opens with (the toolkit-free part of {@link WindowPlacement}). */
class WindowPlacementTest {

    private static final Rectangle2D FULL_HD = new Rectangle2D(0, 0, 1920, 1050);
    private static final Rectangle2D SMALL = new Rectangle2D(0, 0, 1024, 700);

    @Test
    void withoutSavedStateTheWindowOpensAtTheDefaultSizeCentred() {
        assertEquals(new WindowState(320, 115, 1280, 820, false),
                WindowPlacement.initialState(Optional.empty(), List.of(FULL_HD)));
    }

    @Test
    void theDefaultSizeIsClampedToASmallScreen() {
        assertEquals(new WindowState(0, 0, 1024, 700, false),
                WindowPlacement.initialState(Optional.empty(), List.of(SMALL)));
    }

    @Test
    void aSavedStateIsRestoredClampedToTheScreen() {
        assertEquals(new WindowState(920, 100, 1000, 700, true),
                WindowPlacement.initialState(Optional.of(new WindowState(3000, 100, 1000, 700, true)), List.of(FULL_HD)));
    }

    @Test
    void aTinySavedSizeIsNotRestored() {
        // What the old console saved after opening at its minimum size.
        assertEquals(new WindowState(320, 115, 1280, 820, false),
                WindowPlacement.initialState(Optional.of(new WindowState(322, 144, 478, 295, false)), List.of(FULL_HD)));
    }
}
