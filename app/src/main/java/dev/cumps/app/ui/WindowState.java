package dev.cumps.app.ui;

import java.util.Comparator;
import java.util.List;
import javafx.geometry.Rectangle2D;

/** Where the main window was: position and size in screen coordinates, and whether maximized. */
public record WindowState(double x, double y, double width, double height, boolean maximized) {

    public static final double MIN_WIDTH = 480;
    public static final double MIN_HEIGHT = 320;

    public WindowState {
        if (!Double.isFinite(x) || !Double.isFinite(y) || !(width > 0) || !(height > 0)
                || !Double.isFinite(width) || !Double.isFinite(height)) {
            throw new IllegalArgumentException("not a window rectangle: " + x + "," + y + " " + width + "x" + height);
        }
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
