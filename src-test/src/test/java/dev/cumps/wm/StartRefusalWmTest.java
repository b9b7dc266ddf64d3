package dev.cumps.wm;

import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Optional;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * The Start dialog under openbox on the GTK glass when its live check refuses the request a moment
 * after the dialog was placed (a daemon, started with the real {@code cumps} beside the window,
 * already has GPU 0): the dialog is owned by the main window, centred on it, framed, and its
 * picture still ends with the whole button bar once the refusal is drawn (a placed dialog does not
 * grow, so the refusal must fit into room it had from the start), in English and in Chinese.
 */
class StartRefusalWmTest {

    private static final int DIALOG_MIN_WIDTH = 420;
    private static final int DIALOG_MIN_HEIGHT = 200;
    private static final double SLACK = 2;

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
        dir = WindowManagerTest.TempDirs.shortDir("wr");
    }

    @AfterEach
    void removeFolder() throws IOException {
        WindowManagerTest.TempDirs.delete(dir);
    }

    @Test
    void englishRefusalKeepsTheButtonsInTheDialog() throws IOException {
        refusalKeepsTheButtonsInTheDialog("en", "^MPS Console .*Simulated host$", "^Start daemon$");
    }

    @Test
    void chineseRefusalKeepsTheButtonsInTheDialog() throws IOException {
        refusalKeepsTheButtonsInTheDialog("zh-CN", "^MPS 控制台 .*模拟主机$", "^启动守护进程$");
    }

    private void refusalKeepsTheButtonsInTheDialog(String lang, String mainTitle, String startTitle) throws IOException {
        Path home = Files.createDirectories(dir.resolve("h"));
        try (Console console = Console.launch(desktop, dir, home, Optional.of(Files.createDirectories(dir.resolve("x"))), List.of("--lang", lang))) {
            String main = desktop.window(mainTitle);
            // The first-launch bounds (WindowState.DEFAULT_*, centred on the screen), not a moment before.
            XFrame frame = Waits.until("the main window at its default bounds", () -> desktop.frame(main),
                    f -> f.near((XDesktop.SCREEN_WIDTH - 1280) / 2.0, (XDesktop.SCREEN_HEIGHT - 820) / 2.0, 1280, 820, SLACK));
            console.cumps("start", "--gpus", "0", "--name", "busy");
            try {
                desktop.type(main, "ctrl+n");
                String start = desktop.window(startTitle);
                XFrame placed = Waits.until("the Start dialog centred on " + frame, () -> desktop.frame(start),
                        f -> Math.abs(f.centreX() - frame.centreX()) <= SLACK && Math.abs(f.centreY() - frame.centreY()) <= SLACK
                                && f.width() >= DIALOG_MIN_WIDTH && f.height() >= DIALOG_MIN_HEIGHT);
                String transientFor = desktop.property(start, "WM_TRANSIENT_FOR");
                assertTrue(transientFor.endsWith("0x" + Long.toHexString(Long.parseLong(main))), "owned by the main window: " + transientFor);
                assertTrue(placed.titleBar() > 0, "framed with a title bar: " + placed);
                assertTrue(placed.x() >= 0 && placed.y() >= 0 && placed.x() + placed.width() <= XDesktop.SCREEN_WIDTH
                        && placed.y() + placed.height() <= XDesktop.SCREEN_HEIGHT, "on screen: " + placed);

                // The refusal (drawn in the danger colour) comes a moment after the placement; then the
                // picture must still end in the plain padding below the whole button bar.
                Path shot = dir.resolve("start.png");
                DialogPixels seen = Waits.until("the refusal drawn with the whole button bar below it (" + shot + ")",
                        () -> DialogPixels.of(desktop.image(start, shot)), p -> p.showsRefusal() && p.buttonsWhole());
                assertTrue(seen.buttonsWhole(), seen.toString());
                assertFalse(desktop.maximized(main));

                desktop.type(start, "Escape");
                Waits.until("the Start dialog to close", () -> desktop.windows(startTitle), ids -> ids.isEmpty());
            } finally {
                console.cumps("stop", "--name", "busy");
            }
            console.closeWindow(main);
        }
    }
}
