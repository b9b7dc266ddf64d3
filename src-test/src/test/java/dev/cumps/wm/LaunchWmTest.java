package dev.cumps.wm;

import static org.junit.jupiter.api.Assertions.assertTrue;

import java.awt.image.BufferedImage;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.junit.jupiter.api.Test;

/**
 * The console's first frame under openbox on the GTK glass, in the dark theme: the window is watched
 * from the moment the console starts ({@code xdotool search} again and again, no pause), and as soon
 * as it is mapped its picture is taken ({@code import -window}). It must already be dark: the native
 * window is created with the scene's fill, the theme's background, so the time before the first
 * layout is painted shows no white. The window then settles at the default 1280×820.
 */
class LaunchWmTest extends OpenboxSuite {

    @Test
    void theFirstMappedFrameOfTheDarkThemeIsDarkNotWhite() throws IOException {
        Path home = Files.createDirectories(dir.resolve("h"));
        try (Console console = Console.launch(desktop, dir, home, Optional.empty(), List.of("--theme", "dark"), Map.of())) {
            String id = firstMapped();
            BufferedImage first = desktop.image(id, dir.resolve("first.png"));
            String mappedAt = desktop.tool("xwininfo", "-id", id);
            double white = whiteShare(first);
            assertTrue(white < 0.2, "the first frame (" + first.getWidth() + "x" + first.getHeight() + ") is " + Math.round(white * 100)
                    + " % white; xwininfo at map:\n" + mappedAt);
            XFrame settled = Waits.until("the window at the default 1280x820", () -> desktop.frame(id),
                    f -> f.near(f.x(), f.y(), 1280, 820, WmChecks.SLACK));
            assertTrue(whiteShare(desktop.image(id, dir.resolve("settled.png"))) < 0.2, "the settled dark window " + settled);
            console.closeWindow(id);
        }
    }

    /** The main window's id as soon as it is mapped: searched for without pause until it shows, under the deadline. */
    private static String firstMapped() {
        long end = System.nanoTime() + Waits.DEADLINE.toNanos();
        while (System.nanoTime() - end < 0) {
            List<String> ids = desktop.windows(Console.TITLE);
            if (!ids.isEmpty()) {
                return ids.get(0);
            }
        }
        throw new AssertionError("no console window mapped within " + Waits.DEADLINE.toSeconds() + " s");
    }

    /** The share of pixels that are nearly white (each channel at least 235). */
    private static double whiteShare(BufferedImage image) {
        long white = 0;
        for (int y = 0; y < image.getHeight(); y++) {
            for (int x = 0; x < image.getWidth(); x++) {
                int rgb = image.getRGB(x, y);
                if (((rgb >> 16) & 0xff) >= 235 && ((rgb >> 8) & 0xff) >= 235 && (rgb & 0xff) >= 235) {
                    white++;
                }
            }
        }
        return (double) white / ((long) image.getWidth() * image.getHeight());
    }
}
