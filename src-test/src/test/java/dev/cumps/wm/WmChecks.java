package dev.cumps.wm;

import static org.junit.jupiter.api.Assertions.assertTrue;

/** What every dialog must be under the window manager, checked from the X side. */
final class WmChecks {

    /** {@code Dialogs.MIN_*}. */
    static final int DIALOG_MIN_WIDTH = 420;
    static final int DIALOG_MIN_HEIGHT = 200;
    /** Pixels a window manager may round a position or size by. */
    static final double SLACK = 2;

    private WmChecks() {
    }

    /**
     * {@code dialog} is transient for {@code main} (the window manager keeps it above and groups
     * it), centred on {@code mainFrame} once placed, framed with a title bar, at least the minimum
     * size and wholly on screen; a maximised {@code main} is still maximised. Returns its frame.
     */
    static XFrame assertPlacedDialog(XDesktop desktop, String dialog, String main, XFrame mainFrame) {
        boolean wasMaximised = desktop.maximized(main);
        XFrame placed = Waits.until("dialog " + dialog + " centred on " + mainFrame, () -> desktop.frame(dialog),
                f -> Math.abs(f.centreX() - mainFrame.centreX()) <= SLACK && Math.abs(f.centreY() - mainFrame.centreY()) <= SLACK
                        && f.width() >= DIALOG_MIN_WIDTH && f.height() >= DIALOG_MIN_HEIGHT);
        String transientFor = desktop.property(dialog, "WM_TRANSIENT_FOR");
        assertTrue(transientFor.endsWith("0x" + Long.toHexString(Long.parseLong(main))),
                "dialog transient for the main window " + main + ": " + transientFor);
        assertTrue(placed.titleBar() > 0, "the dialog has the window manager's title bar: " + placed);
        assertTrue(placed.x() >= 0 && placed.y() >= 0 && placed.x() + placed.width() <= XDesktop.SCREEN_WIDTH
                && placed.y() + placed.height() <= XDesktop.SCREEN_HEIGHT, "the dialog is wholly on screen: " + placed);
        if (wasMaximised) {
            assertTrue(desktop.maximized(main), "the main window is still maximised with the dialog open: "
                    + desktop.property(main, "_NET_WM_STATE"));
        }
        return placed;
    }

    /** Types {@code key} into {@code dialog} until no window titled {@code title} is left (a key on a window that is closing is lost). */
    static void pressUntilClosed(XDesktop desktop, String dialog, String title, String key) {
        Waits.until("the dialog /" + title + "/ to close on " + key, () -> {
            if (!desktop.windows(title).isEmpty() && desktop.tryTool("xdotool", "windowactivate", "--sync", dialog) != null) {
                desktop.tryTool("xdotool", "key", "--clearmodifiers", key);
            }
            return desktop.windows(title);
        }, ids -> ids.isEmpty());
    }
}
