package dev.cumps.app;

import java.io.IOException;
import java.lang.System.Logger.Level;
import java.nio.file.Path;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;

import dev.cumps.app.ui.PngEncoder;
import javafx.application.Platform;
import javafx.scene.Scene;
import javafx.scene.image.WritableImage;

/**
 * {@code --screenshot FILE.png}: lays out the main window off screen, writes it as a PNG and
 * exits. Used for documentation images and as a smoke test; works without a display through
 * Monocle (see {@link ConsoleLauncher}).
 */
public final class ScreenshotMode {

    private static final System.Logger LOG = System.getLogger(ScreenshotMode.class.getName());

    private ScreenshotMode() {
    }

    /** Starts the toolkit, writes the screenshot, stops the toolkit; returns the exit status. */
    static int run(LaunchOptions options, Messages messages) {
        Path file = options.screenshot().orElseThrow();
        CompletableFuture<Void> done = new CompletableFuture<>();
        Platform.startup(() -> {
            try {
                write(ConsoleWindow.createScene(options, messages), file);
                done.complete(null);
            } catch (Throwable e) {
                done.completeExceptionally(e);
            }
        });
        try {
            done.get(2, TimeUnit.MINUTES);
            LOG.log(Level.INFO, messages.get("screenshot.written", file.toAbsolutePath()));
            return 0;
        } catch (ExecutionException e) {
            LOG.log(Level.ERROR, "Screenshot failed", e.getCause());
            return 1;
        } catch (TimeoutException | InterruptedException e) {
            LOG.log(Level.ERROR, "Screenshot did not finish", e);
            return 1;
        } finally {
            Platform.exit();
        }
    }

    /** Snapshots {@code scene} (laid out and styled by the snapshot) into {@code file}. On the FX thread. */
    public static void write(Scene scene, Path file) throws IOException {
        WritableImage image = scene.snapshot(null);
        PngEncoder.write(image, file);
    }
}
