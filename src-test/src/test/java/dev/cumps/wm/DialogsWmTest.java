package dev.cumps.wm;

import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.cumps.sim.MpsFault;
import java.io.IOException;
import java.io.Writer;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Properties;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * The confirmations of the main window's actions under openbox on the GTK glass, reached as a
 * keyboard user reaches them (Ctrl+N, then Tab from the focused Start button to the next enabled
 * action and Space; a confirmation's destructive button by its Alt mnemonic), with the main window
 * maximised: each is owned by the main window, centred on
 * it, framed, at least the minimum size, on screen, and the main window stays maximised.
 */
class DialogsWmTest {

    private static Path desktopDir;
    private static XDesktop desktop;

    private Path dir;

    @BeforeAll
    static void startDesktop() throws IOException, InterruptedException {
        desktopDir = WindowManagerTest.TempDirs.shortDir("wx");
        desktop = XDesktop.start(desktopDir);
    }

    @AfterAll
    static void stopDesktop() throws IOException {
        if (desktop != null) {
            desktop.close();
        }
        WindowManagerTest.TempDirs.delete(desktopDir);
    }

    @BeforeEach
    void privateFolder() throws IOException {
        dir = WindowManagerTest.TempDirs.shortDir("wd");
    }

    @AfterEach
    void removeFolder() throws IOException {
        WindowManagerTest.TempDirs.delete(dir);
    }

    @Test
    void theStopAndStopAllConfirmationsAndTheStopAllReportAreOwnedCentredFramedAndKeepTheWindowMaximised() throws IOException {
        Path home = Files.createDirectories(dir.resolve("h"));
        Path config = Files.createDirectories(dir.resolve("x"));
        saveMaximised(config);
        try (Console console = Console.launch(desktop, dir, home, Optional.of(config))) {
            String main = console.mainWindow();
            Waits.until("the main window maximised", () -> desktop.maximized(main), maximized -> maximized);
            XFrame full = Waits.until("the main window filling the screen", () -> desktop.frame(main),
                    f -> f.near(0, 0, XDesktop.SCREEN_WIDTH, XDesktop.SCREEN_HEIGHT, WmChecks.SLACK));
            try {
                // A daemon started in the window is selected afterwards: Stop is enabled.
                desktop.type(main, "ctrl+n");
                String start = desktop.window("^Start daemon$");
                WmChecks.assertPlacedDialog(desktop, start, main, full);
                WmChecks.pressUntilClosed(desktop, start, "^Start daemon$", "Return");
                Waits.until("the started daemon recorded", () -> console.cumps("status"), out -> out.contains("LIVE"));
                refreshWindow(console, main);

                // Focus is on Start (the window's first control); the next enabled action is Stop.
                desktop.type(main, "Tab", "space");
                String stop = desktop.window("^Stop daemon$");
                WmChecks.assertPlacedDialog(desktop, stop, main, full);
                WmChecks.pressUntilClosed(desktop, stop, "^Stop daemon$", "Escape");

                desktop.type(main, "Tab", "space");
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

    @Test
    void theRemoveRecordConfirmationIsOwnedCentredFramedAndKeepsTheWindowMaximised() throws IOException {
        Path home = Files.createDirectories(dir.resolve("h"));
        Path config = Files.createDirectories(dir.resolve("x"));
        saveMaximised(config);
        // The simulator's "dies" fault with a die file: a daemon the console starts dies when the file appears.
        Path dieFile = dir.resolve("die");
        try (Console console = Console.launch(desktop, dir, home, Optional.of(config), List.of(),
                Map.of("CUMPS_SIM_MPS_DIE_FILE", dieFile.toString()))) {
            String main = console.mainWindow();
            Waits.until("the main window maximised", () -> desktop.maximized(main), maximized -> maximized);
            XFrame full = Waits.until("the main window filling the screen", () -> desktop.frame(main),
                    f -> f.near(0, 0, XDesktop.SCREEN_WIDTH, XDesktop.SCREEN_HEIGHT, WmChecks.SLACK));
            console.simulateMpsFault(MpsFault.DIES);
            try {
                desktop.type(main, "ctrl+n");
                WmChecks.pressUntilClosed(desktop, desktop.window("^Start daemon$"), "^Start daemon$", "Return");
                Waits.until("the started daemon recorded", () -> console.cumps("status"), out -> out.contains("LIVE"));
                Files.createFile(dieFile);
                Waits.until("its record stale", () -> console.cumps("status"), out -> out.contains("STALE"));

                // Refresh (F5) until the window shows the selected row stale: then Stop is disabled, so
                // Tab from Start reaches Stop all (while it is live, Tab reaches Stop: close, back, again).
                Waits.until("the window to show the selected record stale", () -> {
                    desktop.type(main, "F5");
                    desktop.type(main, "Tab", "space");
                    List<String> opened = Waits.until("a stop or stop-all confirmation", () -> {
                        List<String> stop = desktop.windows("^Stop daemon$");
                        return stop.isEmpty() ? desktop.windows("^Stop all daemons$") : stop;
                    }, ids -> ids.size() == 1);
                    boolean stale = !desktop.windows("^Stop all daemons$").isEmpty();
                    String title = stale ? "^Stop all daemons$" : "^Stop daemon$";
                    WmChecks.pressUntilClosed(desktop, opened.get(0), title, "Escape");
                    if (!stale) {
                        desktop.type(main, "shift+Tab");
                    }
                    return stale;
                }, stale -> stale);
                // From Stop all, the next enabled action is Remove record.
                desktop.type(main, "Tab", "space");
                String remove = desktop.window("^Remove record$");
                WmChecks.assertPlacedDialog(desktop, remove, main, full);
                WmChecks.pressUntilClosed(desktop, remove, "^Remove record$", "Escape");
                assertTrue(desktop.maximized(main), "still maximised after the dialogs: " + desktop.property(main, "_NET_WM_STATE"));
            } finally {
                console.cumps("stop", "--all");
            }
            console.closeWindow(main);
        }
    }

    @Test
    void theStopOutcomeOfAStaleDaemonIsADialogOwnedCentredFramedAndKeepsTheWindowMaximised() throws IOException {
        Path home = Files.createDirectories(dir.resolve("h"));
        Path config = Files.createDirectories(dir.resolve("x"));
        saveMaximised(config);
        Path dieFile = dir.resolve("die");
        try (Console console = Console.launch(desktop, dir, home, Optional.of(config), List.of(),
                Map.of("CUMPS_SIM_MPS_DIE_FILE", dieFile.toString()))) {
            String main = console.mainWindow();
            Waits.until("the main window maximised", () -> desktop.maximized(main), maximized -> maximized);
            XFrame full = Waits.until("the main window filling the screen", () -> desktop.frame(main),
                    f -> f.near(0, 0, XDesktop.SCREEN_WIDTH, XDesktop.SCREEN_HEIGHT, WmChecks.SLACK));
            console.simulateMpsFault(MpsFault.DIES);
            try {
                desktop.type(main, "ctrl+n");
                WmChecks.pressUntilClosed(desktop, desktop.window("^Start daemon$"), "^Start daemon$", "Return");
                Waits.until("the started daemon recorded", () -> console.cumps("status"), out -> out.contains("LIVE"));
                refreshWindow(console, main);
                // With the live row selected the enabled actions are Start, Stop, Stop all, then the interval and
                // Pause: Pause the automatic refresh, so that the window still shows the daemon live once it died.
                desktop.type(main, "Tab", "Tab", "Tab", "Tab", "space", "shift+Tab", "shift+Tab", "shift+Tab");
                Files.createFile(dieFile);
                Waits.until("its record stale", () -> console.cumps("status"), out -> out.contains("STALE"));

                desktop.type(main, "space");
                String stop = desktop.window("^Stop daemon$");
                WmChecks.assertPlacedDialog(desktop, stop, main, full);
                desktop.type(stop, "alt+s");
                // The core finds the record stale and cleans it; the outcome is a warning dialog of its own.
                String outcome = Waits.until("the stop outcome", () -> desktop.windows("^Stop daemon$"),
                        ids -> ids.size() == 1 && !ids.get(0).equals(stop)).get(0);
                WmChecks.assertPlacedDialog(desktop, outcome, main, full);
                WmChecks.pressUntilClosed(desktop, outcome, "^Stop daemon$", "Return");
                Waits.until("the stale record cleaned", () -> console.cumps("status"), out -> !out.contains("STALE"));
                assertTrue(desktop.maximized(main), "still maximised after the dialogs: " + desktop.property(main, "_NET_WM_STATE"));
            } finally {
                console.cumps("stop", "--all");
            }
            console.closeWindow(main);
        }
    }

    /**
     * F5, then one more {@code cumps status} against the same host: the window lists (and selects) a
     * daemon started from its Start dialog at the refresh after the start, and Tab lands on Stop only
     * once it has. Nothing from the window tells the X side that a refresh is done, so this gives it
     * the time of a CLI run; under two busy cores a Tab right after the start once reached the
     * refresh interval instead.
     */
    private static void refreshWindow(Console console, String main) {
        desktop.type(main, "F5");
        console.cumps("status");
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
