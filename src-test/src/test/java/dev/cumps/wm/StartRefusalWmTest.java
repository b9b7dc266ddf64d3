package dev.cumps.wm;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.junit.jupiter.api.Test;

/**
 * The Start dialog under openbox on the GTK glass when its live check refuses the request after the
 * dialog was placed (the operator types the name of a daemon started with the real {@code cumps}
 * beside the window): the dialog is owned by the main window, centred on it, framed, on screen, and
 * its picture still ends with the whole button bar once the refusal is drawn (a placed dialog does
 * not grow, so the refusal must fit into room it had from the start), in English and in Chinese.
 */
class StartRefusalWmTest extends OpenboxSuite {

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
        try (Console console = Console.launch(desktop, dir, home, Optional.of(Files.createDirectories(dir.resolve("x"))), List.of("--lang", lang), Map.of())) {
            String main = desktop.window(mainTitle);
            // The first-launch bounds (WindowState.DEFAULT_*, centred on the screen), not a moment before.
            XFrame frame = Waits.until("the main window at its default bounds", () -> desktop.frame(main),
                    f -> f.near((XDesktop.SCREEN_WIDTH - 1280) / 2.0, (XDesktop.SCREEN_HEIGHT - 820) / 2.0, 1280, 820, WmChecks.SLACK));
            // A daemon started beside the window, as an operator in a terminal would, on GPU 1.
            console.cumps("start", "--gpus", "1", "--name", "busy");
            try {
                desktop.type(main, "ctrl+n");
                String start = desktop.window(startTitle);
                XFrame placed = WmChecks.assertPlacedDialog(desktop, start, main, frame);
                // GPU 0 and its default name are free: placed with nothing refused.
                Path shot = dir.resolve("start.png");
                Waits.until("the placed dialog with its whole button bar and no refusal (" + shot + ")",
                        () -> DialogPixels.of(desktop.image(start, shot)), p -> !p.showsRefusal() && p.buttonsWhole());

                // Now the operator types the running daemon's name: the live check refuses it, after the
                // placement; the picture must still end in the plain padding below the whole button bar.
                desktop.type(start, "ctrl+a");
                desktop.tool("xdotool", "type", "--clearmodifiers", "busy");
                DialogPixels seen = Waits.until("the refusal drawn with the whole button bar below it (" + shot + ")",
                        () -> DialogPixels.of(desktop.image(start, shot)), p -> p.showsRefusal() && p.buttonsWhole());
                assertEquals(placed, desktop.frame(start), "the dialog keeps its placement (no resize after the show): " + seen);
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
