package dev.cumps.app;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.concurrent.atomic.AtomicReference;
import javafx.scene.image.PixelReader;
import javafx.scene.image.WritableImage;
import javafx.stage.Stage;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.testfx.api.FxRobot;
import org.testfx.framework.junit5.ApplicationExtension;
import org.testfx.framework.junit5.Start;

/** How a dialog's picture is put over the main window's: the window's size, dimmed, the dialog centred and framed. */
@ExtendWith(ApplicationExtension.class)
class ScreenshotRobotTest {

    @Start
    void start(Stage stage) {
        // Only the toolkit is needed.
    }

    @Test
    void theDialogIsCentredFramedAndWholeOverTheDimmedWindowOfTheWindowsSize(FxRobot robot) {
        AtomicReference<WritableImage> result = new AtomicReference<>();
        robot.interact(() -> result.set(ScreenshotRobot.over(filled(101, 61, 0xffc8c8c8), filled(21, 11, 0xffff0000))));
        WritableImage out = result.get();
        PixelReader pixels = out.getPixelReader();

        assertEquals(101, (int) out.getWidth());
        assertEquals(61, (int) out.getHeight());
        int dimmed = 0xff000000 | 90 << 16 | 90 << 8 | 90; // 200 × 0.45
        assertEquals(Integer.toHexString(dimmed), Integer.toHexString(pixels.getArgb(0, 0)));
        assertEquals(Integer.toHexString(dimmed), Integer.toHexString(pixels.getArgb(100, 60)));
        // 21×11 centred in 101×61: columns 40..60, rows 25..35, framed one pixel outside.
        for (int[] inside : new int[][] {{40, 25}, {60, 35}, {50, 30}}) {
            assertEquals("ffff0000", Integer.toHexString(pixels.getArgb(inside[0], inside[1])), inside[0] + "," + inside[1]);
        }
        for (int[] frame : new int[][] {{39, 24}, {61, 36}, {50, 24}, {39, 30}}) {
            assertEquals("ff8c959f", Integer.toHexString(pixels.getArgb(frame[0], frame[1])), frame[0] + "," + frame[1]);
        }
        assertEquals(Integer.toHexString(dimmed), Integer.toHexString(pixels.getArgb(38, 30)));
    }

    @Test
    void aDialogLargerThanTheWindowIsCutToItInsideTheFrame(FxRobot robot) {
        AtomicReference<WritableImage> result = new AtomicReference<>();
        robot.interact(() -> result.set(ScreenshotRobot.over(filled(40, 30, 0xffffffff), filled(100, 100, 0xff0000ff))));
        WritableImage out = result.get();

        assertEquals(40, (int) out.getWidth());
        assertEquals(30, (int) out.getHeight());
        assertEquals("ff8c959f", Integer.toHexString(out.getPixelReader().getArgb(0, 0)));
        assertEquals("ff0000ff", Integer.toHexString(out.getPixelReader().getArgb(1, 1)));
        assertEquals("ff0000ff", Integer.toHexString(out.getPixelReader().getArgb(38, 28)));
    }

    private static WritableImage filled(int width, int height, int argb) {
        WritableImage image = new WritableImage(width, height);
        for (int y = 0; y < height; y++) {
            for (int x = 0; x < width; x++) {
                image.getPixelWriter().setArgb(x, y, argb);
            }
        }
        return image;
    }
}
