package dev.cumps.app.hosts;

import dev.cumps.app.Waits;
import dev.cumps.app.ui.PngEncoder;
import java.nio.file.Files;
import java.nio.file.Path;
import javafx.scene.image.WritableImage;
import javafx.stage.Window;
import org.testfx.api.FxRobot;

/**
 * Pictures of the Hosts page for the guide, written to {@code app/target/hosts-screenshots/} by the page's
 * tests (the simulated screenshot tour has no hosts to read over ssh; docs/console.md says how these are
 * made). Copy them to {@code docs/hosts/} when the page changes.
 */
final class HostsShots {
    static final Path DIR = Path.of("target", "hosts-screenshots");

    private HostsShots() {
    }

    static void write(FxRobot robot, String name) {
        WritableImage image = Waits.fx(() -> {
            Window window = robot.listTargetWindows().stream().filter(Window::isShowing).findFirst().orElseThrow();
            return window.getScene().snapshot(null);
        });
        try {
            Files.createDirectories(DIR);
            PngEncoder.write(image, DIR.resolve(name));
        } catch (Exception e) {
            throw new AssertionError("could not write " + name, e);
        }
    }
}
