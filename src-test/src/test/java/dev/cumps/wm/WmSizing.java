package dev.cumps.wm;

import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.cumps.app.layout.ReadableLayout;
import java.util.ArrayList;
import java.util.List;
import javafx.geometry.Bounds;
import javafx.stage.Stage;
import org.testfx.api.FxRobot;

/**
 * The layout check's sizing under openbox: the window is resized as a user's drag of its edge does
 * ({@code xdotool windowsize} on the client window, which openbox applies and frames), to an outer
 * size (frame included) of the asked one; after the scene-graph checks at a size, the doctor's
 * status and title cells, in screen coordinates, must lie inside the client area the X server
 * reports for the window ({@code xwininfo}), clipped to the screen.
 */
final class WmSizing implements ReadableLayout.Sizing {

    private final XDesktop desktop;

    WmSizing(XDesktop desktop) {
        this.desktop = desktop;
    }

    @Override
    public void resize(FxRobot robot, Stage stage, double width, double height) {
        // The console's own minimum (760×540 frame) is above nothing asked here, but the check sizes down to 900×600.
        robot.interact(() -> {
            stage.setMinWidth(0);
            stage.setMinHeight(0);
        });
        String id = window();
        XFrame frame = desktop.frame(id);
        String client = desktop.tool("xwininfo", "-id", id);
        int decorationWidth = frame.width() - XFrame.field(client, "Width");
        int decorationHeight = frame.height() - XFrame.field(client, "Height");
        desktop.tool("xdotool", "windowsize", id, Integer.toString((int) width - decorationWidth),
                Integer.toString((int) height - decorationHeight));
        Waits.until("openbox to frame the window at " + (int) width + "x" + (int) height, () -> desktop.frame(id),
                f -> f.width() == (int) width && f.height() == (int) height);
        ReadableLayout.awaitLaidOut(robot, stage, width, height);
    }

    /** The stage's window: the one visible window of this JVM (GTK sets {@code _NET_WM_PID}); its title is in the window's language. */
    private String window() {
        String pid = Long.toString(ProcessHandle.current().pid());
        return Waits.until("one visible window of pid " + pid, () -> {
            String out = desktop.tryTool("xdotool", "search", "--onlyvisible", "--pid", pid);
            return out == null ? List.<String>of() : out.lines().map(String::strip).filter(l -> !l.isEmpty()).toList();
        }, ids -> ids.size() == 1).get(0);
    }

    @Override
    public void assertOnScreen(String where, Stage stage, List<Bounds> cells) {
        String info = desktop.tool("xwininfo", "-id", window());
        double left = Math.max(0, XFrame.field(info, "Absolute upper-left X"));
        double top = Math.max(0, XFrame.field(info, "Absolute upper-left Y"));
        double right = Math.min(XDesktop.SCREEN_WIDTH, XFrame.field(info, "Absolute upper-left X") + XFrame.field(info, "Width"));
        double bottom = Math.min(XDesktop.SCREEN_HEIGHT, XFrame.field(info, "Absolute upper-left Y") + XFrame.field(info, "Height"));
        List<String> outside = new ArrayList<>();
        if (cells.isEmpty()) {
            outside.add("no doctor row shown");
        }
        for (Bounds cell : cells) {
            if (cell.getMinX() < left - 0.5 || cell.getMinY() < top - 0.5 || cell.getMaxX() > right + 0.5
                    || cell.getMaxY() > bottom + 0.5) {
                outside.add(cell.getMinX() + "," + cell.getMinY() + ".." + cell.getMaxX() + "," + cell.getMaxY());
            }
        }
        assertTrue(outside.isEmpty(), where + ": doctor cells outside the window's visible client area " + left + "," + top
                + ".." + right + "," + bottom + " (xwininfo): " + outside);
    }
}
