package dev.cumps.app.ui;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.awt.image.BufferedImage;
import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import javax.imageio.ImageIO;
import org.junit.jupiter.api.Test;

class PngEncoderTest {

    @Test
    void imageIoDecodesEveryPixelBack() throws IOException {
        int width = 37; // odd sizes catch row-stride mistakes
        int height = 23;
        int[] argb = new int[width * height];
        for (int y = 0; y < height; y++) {
            for (int x = 0; x < width; x++) {
                int alpha = (x * 7 + y * 3) % 256;
                argb[y * width + x] = alpha << 24 | (x * 6) << 16 | (y * 11) << 8 | (x ^ y);
            }
        }
        argb[0] = 0x00000000;
        argb[1] = 0xffffffff;

        ByteArrayOutputStream png = new ByteArrayOutputStream();
        PngEncoder.encode(width, height, argb, png);
        BufferedImage decoded = ImageIO.read(new ByteArrayInputStream(png.toByteArray()));

        assertEquals(width, decoded.getWidth());
        assertEquals(height, decoded.getHeight());
        for (int y = 0; y < height; y++) {
            for (int x = 0; x < width; x++) {
                assertEquals(Integer.toHexString(argb[y * width + x]),
                        Integer.toHexString(decoded.getRGB(x, y)), "pixel " + x + "," + y);
            }
        }
    }

    @Test
    void aPixelCountThatDoesNotMatchTheSizeIsRefused() {
        assertThrows(IllegalArgumentException.class,
                () -> PngEncoder.encode(2, 2, new int[3], new ByteArrayOutputStream()));
    }
}
