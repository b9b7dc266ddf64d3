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
import java.util.HashSet;
import java.util.Locale;
import java.util.Set;
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
    }
}
