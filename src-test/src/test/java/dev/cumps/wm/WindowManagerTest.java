package dev.cumps.wm;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.cumps.sim.MpsFault;
import java.io.IOException;
import java.io.Reader;
import java.io.Writer;
import java.nio.charset.StandardCharsets;
import java.nio.file.FileAlreadyExistsException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.security.SecureRandom;
import java.util.Comparator;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Properties;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * The console's main window and dialogs under a real window manager (openbox on Xvfb) on the GTK
 * glass, as an operator would meet them; inspected with xdotool, wmctrl, xprop and xwininfo. Each
 * test starts the console as its own process with a private HOME and config directory.
 */
class WindowManagerTest {

    /** The main window's first-launch size ({@code WindowState.DEFAULT_*}), centred on the 1920×1080 screen. */
    private static final int DEFAULT_WIDTH = 1280;
    private static final int DEFAULT_HEIGHT = 820;
    private static final int DEFAULT_X = (XDesktop.SCREEN_WIDTH - DEFAULT_WIDTH) / 2;
    private static final int DEFAULT_Y = (XDesktop.SCREEN_HEIGHT - DEFAULT_HEIGHT) / 2;
    /** {@code Dialogs.MIN_*}. */
    private static final int DIALOG_MIN_WIDTH = 420;
    private static final int DIALOG_MIN_HEIGHT = 200;
    /** Pixels a window manager may round a position or size by. */
    private static final double SLACK = 2;
    /** A frame's borders and title bar: how far bounds the glass reports before it knows the frame may be off. */
    private static final double FRAME_SLACK = 30;

    private static Path desktopDir;
    private static XDesktop desktop;

    private Path dir;

    @BeforeAll
    static void startDesktop() throws IOException, InterruptedException {
        desktopDir = TempDirs.shortDir("wx");
        desktop = XDesktop.start(desktopDir);
    }

    @AfterAll
    static void stopDesktop() throws IOException {
        if (desktop != null) {
            desktop.close();
        }
        TempDirs.delete(desktopDir);
    }

    @BeforeEach
    void privateFolder() throws IOException {
        dir = TempDirs.shortDir("wm");
    }

    @AfterEach
    void removeFolder() throws IOException {
        TempDirs.delete(dir);
    }

    @Test
    void firstLaunchOpensAtTheDefaultSizeCentredWithAnOwnedCentredDialogAndSavesUnderHome() throws IOException {
        Path home = Files.createDirectories(dir.resolve("h"));
        try (Console console = Console.launch(desktop, dir, home, Optional.empty())) {
            String main = console.mainWindow();
            XFrame frame = awaitFrame(main, DEFAULT_X, DEFAULT_Y, DEFAULT_WIDTH, DEFAULT_HEIGHT);
            assertTrue(frame.titleBar() > 0, "the main window has a title bar: " + frame);

            desktop.type(main, "ctrl+n");
            String dialog = desktop.window("^Start daemon$");
            XFrame placed = awaitCentredOn(dialog, frame);
            assertOwnedDialog(dialog, main, placed);
            assertFalse(desktop.maximized(main));

            desktop.type(dialog, "Escape");
            Waits.until("the Start dialog to close", () -> desktop.windows("^Start daemon$"), ids -> ids.isEmpty());
            console.closeWindow(main);
        }
        // $HOME/.config, not Java's user.home (the password database's home, /root for CI).
        Properties saved = load(home.resolve(".config/mps-console/window.properties"));
        assertSaved(saved, DEFAULT_X, DEFAULT_Y, DEFAULT_WIDTH, DEFAULT_HEIGHT, false);
    }

    @Test
    void aWindowManagerThatFramesTheWindowOnlyAfterTheConsoleHasFilledItsTableStillGetsItAtTheDefaultBounds() throws IOException {
        Path home = Files.createDirectories(dir.resolve("h"));
        // The console's documented first-complete-status line (DEBUG), in console.log.
        Map<String, String> debugLog = Console.debugLog(dir, "dev.cumps.app.FirstStatusLog");
        // A window manager too busy to frame the window until the console is up (seen in CI on a loaded machine
        // with JavaFX 21: the window stayed 1282x841 for 1280x820): openbox stopped while the window maps.
        desktop.pauseWindowManager();
        try (Console console = Console.launch(desktop, dir, home, Optional.empty(), List.of(), debugLog)) {
            Waits.until("the console's first filled table while openbox is stopped (log: " + dir.resolve("console.log") + ")",
                    console::log, log -> log.contains("first-complete-status"));
            desktop.resumeWindowManager();
            String main = console.mainWindow();
            XFrame frame = awaitFrame(main, DEFAULT_X, DEFAULT_Y, DEFAULT_WIDTH, DEFAULT_HEIGHT);
            assertTrue(frame.titleBar() > 0, "the main window has a title bar: " + frame);
            console.closeWindow(main);
        } finally {
            desktop.resumeWindowManager();
        }
        assertSaved(load(home.resolve(".config/mps-console/window.properties")), DEFAULT_X, DEFAULT_Y, DEFAULT_WIDTH,
                DEFAULT_HEIGHT, false);
    }

    @Test
    void savedBoundsAreRestoredClampedToTheScreenAndAWindowShrunkToItsMinimumIsNotSaved() throws IOException {
        Path home = Files.createDirectories(dir.resolve("h"));
        Path config = Files.createDirectories(dir.resolve("x"));
        // Saved on a monitor right of this one that is gone now.
        save(config, 3000, 100, 1000, 700, false);
        try (Console console = Console.launch(desktop, dir, home, Optional.of(config))) {
            String main = console.mainWindow();
            awaitFrame(main, XDesktop.SCREEN_WIDTH - 1000, 100, 1000, 700);

            // Wait for the hints that allow shrinking (the window's minimum), as a user would find the edge movable.
            Waits.until("the window's size hints to allow shrinking to its minimum", () -> desktop.property(main, "WM_NORMAL_HINTS"),
                    hints -> minimumWidth(hints) <= 800);
            // The user (or the window manager) shrinks it as far as it goes: to the window's minimum.
            desktop.tool("xdotool", "windowsize", main, "200", "150");
            XFrame shrunk = Waits.until("the window at its minimum", () -> desktop.frame(main), f -> f.width() < 800);
            assertTrue(shrunk.width() >= 700 && shrunk.height() >= 500,
                    "the minimum keeps the toolbar, tables and panes usable: " + shrunk);
            console.closeWindow(main);
        }
        assertFalse(Files.exists(home.resolve(".config/mps-console/window.properties")), "XDG_CONFIG_HOME wins over HOME");
        assertSaved(load(config.resolve("mps-console/window.properties")), XDesktop.SCREEN_WIDTH - 1000, 100, 1000, 700, false);
    }

    @Test
    void sigtermSavesTheBoundsTheWindowHad() throws IOException {
        Path home = Files.createDirectories(dir.resolve("h"));
        Path config = Files.createDirectories(dir.resolve("x"));
        // Saved on a monitor that is gone: the window opens clamped to this screen, bounds it has not saved yet.
        save(config, 3000, 100, 1000, 700, false);
        try (Console console = Console.launch(desktop, dir, home, Optional.of(config))) {
            String main = console.mainWindow();
            awaitFrame(main, XDesktop.SCREEN_WIDTH - 1000, 100, 1000, 700);
            console.terminate();
        }
        // The signal comes on its own thread: the bounds saved are those the FX thread had seen by then. On a loaded
        // machine the glass may not yet have its final frame (seen: 1002x725+918+100 for the 1000x700+920+100 frame),
        // so the saved bounds may be off by the frame's borders; the old code wrote nothing (x stayed 3000).
        Properties saved = load(config.resolve("mps-console/window.properties"));
        String state = saved.toString();
        assertEquals(XDesktop.SCREEN_WIDTH - 1000, Double.parseDouble(saved.getProperty("x")), FRAME_SLACK, state);
        assertEquals(100, Double.parseDouble(saved.getProperty("y")), FRAME_SLACK, state);
        assertEquals(1000, Double.parseDouble(saved.getProperty("width")), FRAME_SLACK, state);
        assertEquals(700, Double.parseDouble(saved.getProperty("height")), FRAME_SLACK, state);
        assertEquals("false", saved.getProperty("maximized"), state);
    }

    /** The program-specified minimum width in xprop's {@code WM_NORMAL_HINTS}, or {@link Integer#MAX_VALUE} when none is given. */
    private static int minimumWidth(String hints) {
        Matcher minimum = Pattern.compile("program specified minimum size: (\\d+) by \\d+").matcher(hints);
        return minimum.find() ? Integer.parseInt(minimum.group(1)) : Integer.MAX_VALUE;
    }

    @Test
    void theFirstScriptedResizeOfARunSticksThroughTheLaunchHoldAndIsSaved() throws IOException {
        Path home = Files.createDirectories(dir.resolve("h"));
        Path config = Files.createDirectories(dir.resolve("x"));
        // The launch position hold's documented end line (DEBUG), in console.log.
        Map<String, String> debugLog = Console.debugLog(dir, "dev.cumps.app.ui.window.LaunchPositionHold");
        XFrame resized;
        try (Console console = Console.launch(desktop, dir, home, Optional.of(config), List.of(), debugLog)) {
            String main = console.mainWindow();
            XFrame opened = awaitFrame(main, DEFAULT_X, DEFAULT_Y, DEFAULT_WIDTH, DEFAULT_HEIGHT);
            String client = desktop.tool("xwininfo", "-id", main);
            int decorationWidth = opened.width() - XFrame.field(client, "Width");
            int decorationHeight = opened.height() - XFrame.field(client, "Height");

            // Review L-27: a script resizes the window (xdotool sets the client area) while the console still holds
            // it where it opened. On b420efa the first such resize snapped back to the opening size within 0.2 s
            // (the re-placement watch of the JavaFX 21 size pin gave the window its opening bounds again).
            desktop.tool("xdotool", "windowsize", main, "1100", "700");
            resized = Waits.until("the window at the client size asked (1100x700)", () -> desktop.frame(main),
                    f -> f.width() == 1100 + decorationWidth && f.height() == 700 + decorationHeight);
            // Whatever the hold does, it has done once it ended (5 s after the window first had the focus).
            Waits.until("the launch position hold to end (log: " + dir.resolve("console.log") + ")", console::log,
                    log -> log.contains("launch position hold ended"));
            assertTrue(desktop.frame(main).near(resized.x(), resized.y(), resized.width(), resized.height(), SLACK),
                    "the resize stuck through the hold: " + desktop.frame(main) + ", asked " + resized);

            // The console itself works with the new bounds: a dialog opened now is centred on the resized window.
            desktop.type(main, "ctrl+n");
            String dialog = desktop.window("^Start daemon$");
            awaitCentredOn(dialog, resized);
            desktop.type(dialog, "Escape");
            Waits.until("the Start dialog to close", () -> desktop.windows("^Start daemon$"), ids -> ids.isEmpty());
            assertTrue(desktop.frame(main).near(resized.x(), resized.y(), resized.width(), resized.height(), SLACK),
                    "still the size asked after the dialog: " + desktop.frame(main) + ", asked " + resized);
            console.closeWindow(main);
        }
        assertSaved(load(config.resolve("mps-console/window.properties")), resized.x(), resized.y(), resized.width(),
                resized.height(), false);
    }

    @Test
    void aTinySavedSizeIsNeitherRestoredNorSavedAgain() throws IOException {
        Path home = Files.createDirectories(dir.resolve("h"));
        Path config = Files.createDirectories(dir.resolve("x"));
        // What the console used to save after opening at its minimum size.
        save(config, 322, 144, 478, 295, false);
        try (Console console = Console.launch(desktop, dir, home, Optional.of(config))) {
            String main = console.mainWindow();
            awaitFrame(main, DEFAULT_X, DEFAULT_Y, DEFAULT_WIDTH, DEFAULT_HEIGHT);
            console.closeWindow(main);
        }
        assertSaved(load(config.resolve("mps-console/window.properties")), DEFAULT_X, DEFAULT_Y, DEFAULT_WIDTH, DEFAULT_HEIGHT, false);
    }

    @Test
    void aMaximisedWindowStaysMaximisedAcrossADialogAndKeepsItsNormalBounds() throws IOException {
        Path home = Files.createDirectories(dir.resolve("h"));
        Path config = Files.createDirectories(dir.resolve("x"));
        save(config, 200, 150, 1000, 700, true);
        try (Console console = Console.launch(desktop, dir, home, Optional.of(config))) {
            String main = console.mainWindow();
            Waits.until("the main window maximised", () -> desktop.maximized(main), maximized -> maximized);
            XFrame full = awaitFrame(main, 0, 0, XDesktop.SCREEN_WIDTH, XDesktop.SCREEN_HEIGHT);

            desktop.type(main, "ctrl+n");
            String dialog = desktop.window("^Start daemon$");
            XFrame placed = awaitCentredOn(dialog, full);
            assertOwnedDialog(dialog, main, placed);
            assertTrue(desktop.maximized(main), "still maximised while the dialog is open: " + desktop.property(main, "_NET_WM_STATE"));
            assertTrue(desktop.property(main, "_NET_WM_ALLOWED_ACTIONS").contains("_NET_WM_ACTION_MAXIMIZE_HORZ"),
                    "the main window stays resizable and maximisable behind the dialog");

            desktop.type(dialog, "Escape");
            Waits.until("the Start dialog to close", () -> desktop.windows("^Start daemon$"), ids -> ids.isEmpty());
            assertTrue(desktop.maximized(main), "still maximised after the dialog closed: " + desktop.property(main, "_NET_WM_STATE"));
            assertTrue(desktop.frame(main).near(0, 0, XDesktop.SCREEN_WIDTH, XDesktop.SCREEN_HEIGHT, SLACK), desktop.frame(main).toString());
            console.closeWindow(main);
        }
        assertSaved(load(config.resolve("mps-console/window.properties")), 200, 150, 1000, 700, true);
    }

    @Test
    void theStartFailureDialogIsOwnedByTheStartDialogCentredAndLargeEnoughForItsLogAndButton() throws IOException {
        Path home = Files.createDirectories(dir.resolve("h"));
        Path config = Files.createDirectories(dir.resolve("x"));
        try (Console console = Console.launch(desktop, dir, home, Optional.of(config))) {
            String main = console.mainWindow();
            XFrame frame = awaitFrame(main, DEFAULT_X, DEFAULT_Y, DEFAULT_WIDTH, DEFAULT_HEIGHT);
            console.simulateMpsFault(MpsFault.LAUNCH_FAILS);

            desktop.type(main, "ctrl+n");
            String start = desktop.window("^Start daemon$");
            XFrame startFrame = awaitCentredOn(start, frame);
            // Start is the right-most button of the dialog's button bar. It is enabled once the
            // dialog's plan check has run, so click until the start has failed (a click on the
            // disabled button, or while starting, does nothing).
            Waits.until("the start failure dialog", () -> {
                if (desktop.windows("^Start failed$").isEmpty()) {
                    desktop.clickNearBottomRight(start, 30, 22);
                }
                return desktop.windows("^Start failed$");
            }, ids -> ids.size() == 1);
            String failed = desktop.window("^Start failed$");
            XFrame placed = awaitCentredOn(failed, startFrame);
            assertOwnedDialog(failed, start, placed);
            // Its content (the reason, the control.log tail in a text area, OK) asks for more than the
            // 200x200 GTK maps a dialog at: at least the text area's preferred size.
            assertTrue(placed.width() >= 480 && placed.height() >= 300, "the start failure shows its log and OK: " + placed);
            assertFalse(desktop.maximized(main));

            desktop.type(failed, "Return");
            Waits.until("the failure dialog to close", () -> desktop.windows("^Start failed$"), ids -> ids.isEmpty());
            desktop.type(start, "Escape");
            Waits.until("the Start dialog to close", () -> desktop.windows("^Start daemon$"), ids -> ids.isEmpty());
            console.closeWindow(main);
        }
    }

    // ------------------------------------------------------------------ helpers

    private static XFrame awaitFrame(String id, double x, double y, double width, double height) {
        return Waits.until("window " + id + " at " + (int) width + "x" + (int) height + "+" + (int) x + "+" + (int) y,
                () -> desktop.frame(id), f -> f.near(x, y, width, height, SLACK));
    }

    private static XFrame awaitCentredOn(String dialog, XFrame owner) {
        return Waits.until("dialog " + dialog + " centred on " + owner, () -> desktop.frame(dialog),
                f -> Math.abs(f.centreX() - owner.centreX()) <= SLACK && Math.abs(f.centreY() - owner.centreY()) <= SLACK
                        && f.width() >= DIALOG_MIN_WIDTH && f.height() >= DIALOG_MIN_HEIGHT);
    }

    /** Transient for the main window (the window manager keeps it above and groups it), with a title bar, at least the minimum size. */
    private static void assertOwnedDialog(String dialog, String main, XFrame frame) {
        String transientFor = desktop.property(dialog, "WM_TRANSIENT_FOR");
        assertTrue(transientFor.endsWith("0x" + Long.toHexString(Long.parseLong(main))),
                "dialog transient for the main window " + main + ": " + transientFor);
        assertTrue(frame.titleBar() > 0, "the dialog has the window manager's title bar: " + frame);
        // The GTK glass maps an owned, decorated stage as a normal window; with WM_TRANSIENT_FOR the
        // window manager treats it as the owner's dialog (kept above it, one group).
        assertTrue(desktop.property(dialog, "_NET_WM_WINDOW_TYPE").endsWith("= _NET_WM_WINDOW_TYPE_NORMAL"),
                desktop.property(dialog, "_NET_WM_WINDOW_TYPE"));
        assertTrue(frame.width() >= DIALOG_MIN_WIDTH && frame.height() >= DIALOG_MIN_HEIGHT, frame.toString());
    }

    private static void save(Path config, double x, double y, double width, double height, boolean maximized) throws IOException {
        Path file = Files.createDirectories(config.resolve("mps-console")).resolve("window.properties");
        Properties p = new Properties();
        p.setProperty("x", Double.toString(x));
        p.setProperty("y", Double.toString(y));
        p.setProperty("width", Double.toString(width));
        p.setProperty("height", Double.toString(height));
        p.setProperty("maximized", Boolean.toString(maximized));
        try (Writer out = Files.newBufferedWriter(file, StandardCharsets.UTF_8)) {
            p.store(out, null);
        }
    }

    private static Properties load(Path file) throws IOException {
        assertTrue(Files.isRegularFile(file), "window state saved at " + file);
        Properties p = new Properties();
        try (Reader in = Files.newBufferedReader(file, StandardCharsets.UTF_8)) {
            p.load(in);
        }
        return p;
    }

    private static void assertSaved(Properties saved, double x, double y, double width, double height, boolean maximized) {
        String state = saved.toString();
        assertEquals(width, Double.parseDouble(saved.getProperty("width")), SLACK, state);
        assertEquals(height, Double.parseDouble(saved.getProperty("height")), SLACK, state);
        assertEquals(x, Double.parseDouble(saved.getProperty("x")), SLACK, state);
        assertEquals(y, Double.parseDouble(saved.getProperty("y")), SLACK, state);
        assertEquals(Boolean.toString(maximized), saved.getProperty("maximized"), state);
    }

    /** Short private folders under /tmp (the simulated host's socket paths must stay short). */
    static final class TempDirs {
        private TempDirs() {
        }

        private static final SecureRandom RANDOM = new SecureRandom();

        static Path shortDir(String prefix) throws IOException {
            for (int attempt = 0; ; attempt++) {
                Path dir = Path.of("/tmp", prefix + Integer.toString(0x10000 + RANDOM.nextInt(0xf0000), 36));
                try {
                    return Files.createDirectory(dir, PosixFilePermissions.asFileAttribute(PosixFilePermissions.fromString("rwx------")));
                } catch (FileAlreadyExistsException e) {
                    if (attempt > 100) {
                        throw e;
                    }
                }
            }
        }

        static void delete(Path dir) throws IOException {
            if (dir == null || !Files.exists(dir)) {
                return;
            }
            try (Stream<Path> walk = Files.walk(dir)) {
                for (Path p : walk.sorted(Comparator.reverseOrder()).toList()) {
                    Files.deleteIfExists(p);
                }
            }
        }
    }
}
