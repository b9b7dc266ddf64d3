package dev.cumps.wm;

import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * A window as the window manager placed it: the frame's bounds on the screen (the client area from
 * {@code xwininfo} grown by {@code _NET_FRAME_EXTENTS}), which is what a JavaFX stage's x, y, width and
 * height mean, and the height of the title bar.
 */
record XFrame(int x, int y, int width, int height, int titleBar) {

    private static final Pattern EXTENTS = Pattern.compile("=\\s*(\\d+),\\s*(\\d+),\\s*(\\d+),\\s*(\\d+)");

    static XFrame of(String xwininfo, String extents) {
        int clientX = field(xwininfo, "Absolute upper-left X");
        int clientY = field(xwininfo, "Absolute upper-left Y");
        int width = field(xwininfo, "Width");
        int height = field(xwininfo, "Height");
        Matcher m = EXTENTS.matcher(extents);
        if (!m.find()) {
            // Not (yet) framed by the window manager: no decorations.
            return new XFrame(clientX, clientY, width, height, 0);
        }
        int left = Integer.parseInt(m.group(1));
        int right = Integer.parseInt(m.group(2));
        int top = Integer.parseInt(m.group(3));
        int bottom = Integer.parseInt(m.group(4));
        return new XFrame(clientX - left, clientY - top, width + left + right, height + top + bottom, top);
    }

    static int field(String xwininfo, String name) {
        Matcher m = Pattern.compile("(?m)^\\s*" + Pattern.quote(name) + ":\\s*(-?\\d+)").matcher(xwininfo);
        if (!m.find()) {
            throw new AssertionError("xwininfo has no " + name + ":\n" + xwininfo);
        }
        return Integer.parseInt(m.group(1));
    }

    double centreX() {
        return x + width / 2.0;
    }

    double centreY() {
        return y + height / 2.0;
    }

    /** Whether this frame is within {@code slack} pixels of {@code x, y, width, height}. */
    boolean near(double x, double y, double width, double height, double slack) {
        return Math.abs(this.x - x) <= slack && Math.abs(this.y - y) <= slack
                && Math.abs(this.width - width) <= slack && Math.abs(this.height - height) <= slack;
    }

    @Override
    public String toString() {
        return width + "x" + height + "+" + x + "+" + y + " (title bar " + titleBar + " px)";
    }
}
