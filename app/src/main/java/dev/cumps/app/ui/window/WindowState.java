package dev.cumps.app.ui.window;

import java.util.Comparator;
import java.util.List;
import javafx.geometry.Rectangle2D;

/** Where the main window was: position and size in screen coordinates, and whether maximized. */
public record WindowState(double x, double y, double width, double height, boolean maximized) {

    /** The smallest window the toolbar, the tables and the lower panes still fit in. */
    public static final double MIN_WIDTH = 760;
    public static final double MIN_HEIGHT = 540;
    /** The size a first launch opens at (clamped to the screen). */
    public static final double DEFAULT_WIDTH = 1280;
    public static final double DEFAULT_HEIGHT = 820;
    /**
     * Below this a normal window's size is not worth remembering: it is the toolkit's or the window
     * manager's accident (a window that opened at its minimum, 200×200 before the first layout), not a
     * size the user chose, and restoring it would open the next window cramped.
     */
    public static final double SANE_WIDTH = 800;
    public static final double SANE_HEIGHT = 560;

    public WindowState {
        if (!Double.isFinite(x) || !Double.isFinite(y) || !(width > 0) || !(height > 0)
                || !Double.isFinite(width) || !Double.isFinite(height)) {
            throw new IllegalArgumentException("not a window rectangle: " + x + "," + y + " " + width + "x" + height);
        }
    }

    /** The first-launch state: {@link #DEFAULT_WIDTH}×{@link #DEFAULT_HEIGHT}, clamped to and centred on {@code screen}. */
    public static WindowState defaultOn(Rectangle2D screen) {
        double w = Math.min(DEFAULT_WIDTH, screen.getWidth());
        double h = Math.min(DEFAULT_HEIGHT, screen.getHeight());
        return new WindowState(screen.getMinX() + (screen.getWidth() - w) / 2,
                screen.getMinY() + (screen.getHeight() - h) / 2, w, h, false);
    }

    /** Whether the size is one to remember and restore (at least {@link #SANE_WIDTH}×{@link #SANE_HEIGHT}). */
    public boolean saneSize() {
        return width >= SANE_WIDTH && height >= SANE_HEIGHT;
    }

    /** The same bounds with the maximized flag {@code maximized}. */
    public WindowState withMaximized(boolean maximized) {
        return new WindowState(x, y, width, height, maximized);
    }

    /**
     * This state moved and shrunk to lie wholly inside the screen it overlaps most (the first
     * screen, the primary, when it overlaps none: a monitor was unplugged since). Sizes never go
     * below the minimum unless the screen itself is smaller.
     *
     * @param visualBounds each screen's usable area, primary first
     */
    public WindowState clampedTo(List<Rectangle2D> visualBounds) {
        if (visualBounds.isEmpty()) {
            return this;
        }
        Rectangle2D screen = visualBounds.stream()
                .max(Comparator.comparingDouble(this::overlap))
                .filter(best -> overlap(best) > 0)
                .orElse(visualBounds.get(0));
        double w = Math.min(Math.max(width, MIN_WIDTH), screen.getWidth());
        double h = Math.min(Math.max(height, MIN_HEIGHT), screen.getHeight());
        double clampedX = Math.max(screen.getMinX(), Math.min(x, screen.getMaxX() - w));
        double clampedY = Math.max(screen.getMinY(), Math.min(y, screen.getMaxY() - h));
        return new WindowState(clampedX, clampedY, w, h, maximized);
    }

    private double overlap(Rectangle2D screen) {
        double w = Math.min(x + width, screen.getMaxX()) - Math.max(x, screen.getMinX());
        double h = Math.min(y + height, screen.getMaxY()) - Math.max(y, screen.getMinY());
        return w > 0 && h > 0 ? w * h : 0;
    }
}
