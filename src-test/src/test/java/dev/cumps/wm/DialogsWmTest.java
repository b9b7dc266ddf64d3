package dev.cumps.wm;

import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.io.Writer;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Optional;
import java.util.Properties;
import org.junit.jupiter.api.Test;

/**
 * The stop-all confirmation and its report under openbox on the GTK glass, reached as a keyboard
 * user reaches them (Tab from the focused Start button past the disabled Stop's reason to Stop all, and Space; the
 * destructive button by its Alt mnemonic), with the main window maximised: each is owned by the main window, centred on
 * it, framed, at least the minimum size, on screen, and the main window stays maximised.
 */
class DialogsWmTest extends OpenboxSuite {

    @Test
    void theStopAllConfirmationAndItsReportAreOwnedCentredFramedAndKeepTheWindowMaximised() throws IOException {
        Path home = Files.createDirectories(dir.resolve("h"));
        Path config = Files.createDirectories(dir.resolve("x"));
        saveMaximised(config);
        try (Console console = Console.launch(desktop, dir, home, Optional.of(config))) {
            String main = console.mainWindow();
            Waits.until("the main window maximised", () -> desktop.maximized(main), maximized -> maximized);
            XFrame full = Waits.until("the main window filling the screen", () -> desktop.frame(main),
                    f -> f.near(0, 0, XDesktop.SCREEN_WIDTH, XDesktop.SCREEN_HEIGHT, WmChecks.SLACK));
            // A daemon started beside the window (GPU 1), as an operator in a terminal would.
            console.cumps("start", "--gpus", "1", "--name", "beside");
            try {
                awaitRefreshed(main);
                // Focus is on Start (the window's first control); with nothing selected Stop is disabled: the
                // first Tab shows its reason (review L-25), the second reaches Stop all.
                desktop.type(main, "Tab", "Tab", "space");
                String stopAll = desktop.window("^Stop all daemons$");
                WmChecks.assertPlacedDialog(desktop, stopAll, main, full);
                // Confirmed with its Alt mnemonic (Enter cancels): the report of what it did is a dialog of its own.
                desktop.type(stopAll, "alt+a");
                String report = Waits.until("the stop-all report", () -> desktop.windows("^Stop all daemons$"),
                        ids -> ids.size() == 1 && !ids.get(0).equals(stopAll)).get(0);
                WmChecks.assertPlacedDialog(desktop, report, main, full);
                WmChecks.pressUntilClosed(desktop, report, "^Stop all daemons$", "Return");
                Waits.until("the daemon stopped", () -> console.cumps("status"), out -> !out.contains("LIVE"));
                assertTrue(desktop.maximized(main), "still maximised after the dialogs: " + desktop.property(main, "_NET_WM_STATE"));
            } finally {
                console.cumps("stop", "--all");
            }
            console.closeWindow(main);
        }
    }

    /**
     * Waits until the window has refreshed since the daemon started beside it, seen from the X side:
     * F5, then the Start dialog (Ctrl+N) offers GPU 0 without a refusal only once a refresh has listed
     * the GPUs; before that it says no GPU is visible (a refusal, drawn in the danger colour). The
     * refresh that lists the GPUs lists the daemon too.
     */
    private void awaitRefreshed(String main) {
        Path shot = dir.resolve("probe.png");
        Waits.until("a refresh with the GPUs (the Start dialog without a refusal)", () -> {
            desktop.type(main, "F5", "ctrl+n");
            String start = desktop.window("^Start daemon$");
            DialogPixels seen = Waits.until("the Start dialog drawn", () -> DialogPixels.of(desktop.image(start, shot)),
                    DialogPixels::buttonsWhole);
            boolean refreshed = !seen.showsRefusal();
            WmChecks.pressUntilClosed(desktop, start, "^Start daemon$", "Escape");
            return refreshed;
        }, refreshed -> refreshed);
    }

    private static void saveMaximised(Path config) throws IOException {
        Properties p = new Properties();
        p.setProperty("x", "200");
        p.setProperty("y", "150");
        p.setProperty("width", "1000");
        p.setProperty("height", "700");
        p.setProperty("maximized", "true");
        Path file = Files.createDirectories(config.resolve("mps-console")).resolve("window.properties");
        try (Writer out = Files.newBufferedWriter(file, StandardCharsets.UTF_8)) {
            p.store(out, null);
        }
    }
}
