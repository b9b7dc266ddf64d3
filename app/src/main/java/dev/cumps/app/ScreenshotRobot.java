package dev.cumps.app;

import dev.cumps.app.ui.PngEncoder;
import java.io.IOException;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Objects;
import java.util.Optional;
import java.util.concurrent.Callable;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import java.util.function.BooleanSupplier;
import javafx.application.Platform;
import javafx.scene.Node;
import javafx.scene.Scene;
import javafx.scene.control.ButtonBase;
import javafx.scene.control.DialogPane;
import javafx.scene.image.Image;
import javafx.scene.image.PixelReader;
import javafx.scene.image.PixelWriter;
import javafx.scene.image.WritableImage;
import javafx.stage.Window;

/**
 * What {@link ScreenshotTour} does to the window, from a thread that is not the FX thread: run a step
 * on the FX thread and wait for it, wait for a state of the window (polled on the FX thread under
 * one deadline per wait, never a fixed pause), find a dialog by its pane's id, and write the
 * pictures. A dialog is drawn over the main window, dimmed, so every picture has the window's size.
 */
final class ScreenshotRobot {

    /** Between two looks at the window while waiting for a state. */
    private static final long POLL_MILLIS = 50;
    /** The main window behind a dialog keeps this share of its brightness. */
    private static final double DIM = 0.45;
    private static final int FRAME = 0xff8c959f;

    private final Duration deadline;

    ScreenshotRobot(Duration deadline) {
        this.deadline = Objects.requireNonNull(deadline, "deadline");
    }

    /** Runs {@code work} on the FX thread and returns its result; fails after the deadline. */
    <T> T fx(Callable<T> work) throws Exception {
        CompletableFuture<T> result = new CompletableFuture<>();
        Platform.runLater(() -> {
            try {
                result.complete(work.call());
            } catch (Throwable e) {
                result.completeExceptionally(e);
            }
        });
        try {
            return result.get(deadline.toMillis(), TimeUnit.MILLISECONDS);
        } catch (ExecutionException e) {
            throw e.getCause() instanceof Exception cause ? cause : e;
        } catch (TimeoutException e) {
            throw new IllegalStateException("the window did not answer within " + deadline.toSeconds() + " s", e);
        }
    }

    /** Runs {@code work} on the FX thread without waiting for it (it may open a dialog and wait in it). */
    void later(Runnable work) {
        Platform.runLater(work);
    }

    /** Waits until {@code state} (asked on the FX thread) holds; fails naming {@code what} after the deadline. */
    void await(String what, BooleanSupplier state) throws Exception {
        long end = System.nanoTime() + deadline.toNanos();
        while (!fx(state::getAsBoolean)) {
            if (System.nanoTime() - end > 0) {
                throw new IllegalStateException("waited " + deadline.toSeconds() + " s for " + what);
            }
            Thread.sleep(POLL_MILLIS);
        }
    }

    /** The showing dialog whose pane has the id {@code paneId}, once it is shown and placed. */
    Window awaitDialog(String paneId) throws Exception {
        await("the dialog " + paneId + " to show", () -> dialog(paneId).isPresent());
        // Dialogs.own places a dialog in a runLater queued when it was shown: one more turn of the FX thread.
        return fx(() -> dialog(paneId).orElseThrow());
    }

    private static Optional<Window> dialog(String paneId) {
        return Window.getWindows().stream()
                .filter(Window::isShowing)
                .filter(w -> w.getScene() != null && w.getScene().getRoot() instanceof DialogPane pane
                        && paneId.equals(pane.getId()))
                .findFirst();
    }

    /** Presses the button {@code selector} of {@code dialog} (Cancel, Apply) and waits until the dialog has closed. */
    void closeWith(Window dialog, String selector) throws Exception {
        later(() -> ((ButtonBase) node(dialog.getScene(), selector)).fire());
        await("the dialog to close after " + selector, () -> !dialog.isShowing());
    }

    /** The node {@code selector} finds in {@code scene}; on the FX thread. */
    static Node node(Scene scene, String selector) {
        Node node = scene.lookup(selector);
        if (node == null) {
            throw new IllegalStateException("the window has no " + selector);
        }
        return node;
    }

    /** Writes {@code scene} (styled and laid out by the snapshot) to {@code file}. */
    void shoot(Scene scene, Path file) throws Exception {
        write(fx(() -> scene.snapshot(null)), file);
    }

    /** Writes {@code dialog} centred over {@code main}, the main window dimmed, to {@code file}. */
    void shootDialog(Scene main, Window dialog, Path file) throws Exception {
        write(fx(() -> over(main.snapshot(null), dialog.getScene().snapshot(null))), file);
    }

    /** {@code front} centred on {@code back} (cut to it if larger), with a one-pixel frame; {@code back} dimmed. */
    static WritableImage over(Image back, Image front) {
        int width = (int) back.getWidth();
        int height = (int) back.getHeight();
        WritableImage out = new WritableImage(width, height);
        PixelReader behind = back.getPixelReader();
        PixelWriter pixels = out.getPixelWriter();
        for (int y = 0; y < height; y++) {
            for (int x = 0; x < width; x++) {
                int argb = behind.getArgb(x, y);
                int r = (int) (((argb >> 16) & 0xff) * DIM);
                int g = (int) (((argb >> 8) & 0xff) * DIM);
                int b = (int) ((argb & 0xff) * DIM);
                pixels.setArgb(x, y, 0xff000000 | r << 16 | g << 8 | b);
            }
        }
        int w = Math.min((int) front.getWidth(), width - 2);
        int h = Math.min((int) front.getHeight(), height - 2);
        int left = (width - w) / 2;
        int top = (height - h) / 2;
        for (int x = left - 1; x <= left + w; x++) {
            pixels.setArgb(x, top - 1, FRAME);
            pixels.setArgb(x, top + h, FRAME);
        }
        for (int y = top - 1; y <= top + h; y++) {
            pixels.setArgb(left - 1, y, FRAME);
            pixels.setArgb(left + w, y, FRAME);
        }
        PixelReader dialog = front.getPixelReader();
        for (int y = 0; y < h; y++) {
            for (int x = 0; x < w; x++) {
                pixels.setArgb(left + x, top + y, 0xff000000 | dialog.getArgb(x, y));
            }
        }
        return out;
    }

    /** Writes {@code image} as a PNG (atomically: {@link PngEncoder}). */
    private static void write(WritableImage image, Path file) throws IOException {
        PngEncoder.write(image, file);
    }
}
