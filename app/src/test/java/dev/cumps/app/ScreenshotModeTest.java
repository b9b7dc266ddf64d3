package dev.cumps.app;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.cumps.app.main.MainViewModel;
import java.awt.image.BufferedImage;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.TimeUnit;
import javax.imageio.ImageIO;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.api.io.TempDir;
import org.testfx.api.FxRobot;

class ScreenshotModeTest {

    @TempDir
    Path dir;

    @RegisterExtension
    final ConsoleExtension console = ConsoleExtension.showing(Locale.ENGLISH);

    @Test
    void writesTheLaidOutWindowWithRealRowsAsAPng(FxRobot robot) throws Exception {
        console.host().start("shot-a", 0);
        MainViewModel.Snapshot snapshot = new MainViewModel.Snapshot(console.host().services().status().collect(), Instant.now(), Duration.ZERO);
        Path file = dir.resolve("main.png");
        robot.interact(() -> {
            console.window().viewModel().apply(snapshot);
            try {
                ScreenshotMode.write(console.window().scene(), file);
            } catch (IOException e) {
                throw new UncheckedIOException(e);
            }
        });

        assertEquals(1, console.window().viewModel().daemons().size());
        assertTrue(Files.size(file) > 5_000, "PNG is only " + Files.size(file) + " bytes");
        BufferedImage image = ImageIO.read(file.toFile());
        assertEquals((int) ConsoleWindow.DEFAULT_WIDTH, image.getWidth());
        assertEquals((int) ConsoleWindow.DEFAULT_HEIGHT, image.getHeight());
        Set<Integer> colours = new HashSet<>();
        for (int y = 0; y < image.getHeight(); y += 3) {
            for (int x = 0; x < image.getWidth(); x += 3) {
                colours.add(image.getRGB(x, y));
            }
        }
        assertTrue(colours.size() > 20, "looks blank: " + colours.size() + " colours");
        assertTrue(medianLuminance(image) > 0.8, "the default look is light: " + medianLuminance(image));
    }

    /**
     * {@code --theme dark} through the real launcher (a separate JVM, headless Monocle): the PNG shows
     * AtlantaFX's dark theme, the window's background (most of its pixels) dark.
     */
    @Test
    void theDarkThemeOptionWritesADarkScreenshot(@TempDir Path home) throws Exception {
        Path file = dir.resolve("dark.png");
        ProcessBuilder builder = new ProcessBuilder(Path.of(System.getProperty("java.home"), "bin", "java").toString(),
                "-cp", System.getProperty("java.class.path"), ConsoleLauncher.class.getName(),
                "--simulate", "--theme", "dark", "--lang", "en", "--screenshot", file.toString());
        builder.environment().clear();
        builder.environment().putAll(Map.of("PATH", "/usr/bin:/bin", "HOME", home.toString(), "TMPDIR", "/tmp",
                "LANG", "C.UTF-8"));
        builder.redirectErrorStream(true);
        builder.redirectOutput(home.resolve("log").toFile());
        Process process = builder.start();
        try {
            assertTrue(process.waitFor(3, TimeUnit.MINUTES), "the screenshot run did not end");
        } finally {
            process.destroyForcibly();
        }
        assertEquals(0, process.exitValue(), Files.readString(home.resolve("log")));
        BufferedImage image = ImageIO.read(file.toFile());
        assertEquals((int) ConsoleWindow.DEFAULT_WIDTH, image.getWidth());
        assertTrue(medianLuminance(image) < 0.1, "dark: median luminance " + medianLuminance(image));
    }

    /** The median WCAG luminance of every third pixel: the window's background. */
    private static double medianLuminance(BufferedImage image) {
        List<Double> values = new ArrayList<>();
        for (int y = 0; y < image.getHeight(); y += 3) {
            for (int x = 0; x < image.getWidth(); x += 3) {
                int rgb = image.getRGB(x, y);
                values.add(0.2126 * linear((rgb >> 16) & 0xff) + 0.7152 * linear((rgb >> 8) & 0xff) + 0.0722 * linear(rgb & 0xff));
            }
        }
        values.sort(Double::compare);
        return values.get(values.size() / 2);
    }

    private static double linear(int channel) {
        double c = channel / 255.0;
        return c <= 0.03928 ? c / 12.92 : Math.pow((c + 0.055) / 1.055, 2.4);
    }
}
