package dev.cumps.app.ui;

import java.io.ByteArrayOutputStream;
import java.io.DataOutputStream;
import java.io.IOException;
import java.io.OutputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.nio.file.StandardOpenOption;
import java.util.zip.CRC32;
import java.util.zip.Deflater;
import java.util.zip.DeflaterOutputStream;
import javafx.scene.image.Image;
import javafx.scene.image.PixelFormat;

/**
 * A minimal PNG writer (8-bit RGBA, no interlace, filter "none"), so that screenshots need neither
 * javafx-swing nor AWT. Enough for window snapshots; not a general image library.
 */
public final class PngEncoder {

    private static final byte[] SIGNATURE = {(byte) 0x89, 'P', 'N', 'G', '\r', '\n', 0x1a, '\n'};

    private PngEncoder() {
    }

    /** Writes {@code image} to {@code file} atomically (a temporary sibling, then a move). */
    public static void write(Image image, Path file) throws IOException {
        int width = (int) image.getWidth();
        int height = (int) image.getHeight();
        int[] argb = new int[width * height];
        image.getPixelReader().getPixels(0, 0, width, height, PixelFormat.getIntArgbInstance(), argb, 0, width);
        Path absolute = file.toAbsolutePath();
        // Not Files.createTempFile: its 0600 mode would carry over; the image gets the umask's mode.
        Path temporary = absolute.resolveSibling("." + absolute.getFileName() + "." + ProcessHandle.current().pid() + ".tmp");
        try {
            try (OutputStream out = Files.newOutputStream(temporary, StandardOpenOption.CREATE_NEW, StandardOpenOption.WRITE)) {
                encode(width, height, argb, out);
            }
            Files.move(temporary, absolute, StandardCopyOption.REPLACE_EXISTING, StandardCopyOption.ATOMIC_MOVE);
        } finally {
            Files.deleteIfExists(temporary);
        }
    }

    /** Encodes {@code argb} (row-major, {@code 0xAARRGGBB}, non-premultiplied) as a PNG. */
    public static void encode(int width, int height, int[] argb, OutputStream out) throws IOException {
        if (width <= 0 || height <= 0 || argb.length != width * height) {
            throw new IllegalArgumentException("bad image size " + width + "x" + height + " for " + argb.length + " pixels");
        }
        DataOutputStream data = new DataOutputStream(out);
        data.write(SIGNATURE);

        ByteArrayOutputStream header = new ByteArrayOutputStream(13);
        DataOutputStream h = new DataOutputStream(header);
        h.writeInt(width);
        h.writeInt(height);
        h.writeByte(8); // bit depth
        h.writeByte(6); // colour type: truecolour with alpha
        h.writeByte(0); // compression: deflate
        h.writeByte(0); // filter method
        h.writeByte(0); // no interlace
        chunk(data, "IHDR", header.toByteArray());

        ByteArrayOutputStream compressed = new ByteArrayOutputStream();
        Deflater deflater = new Deflater(Deflater.BEST_SPEED);
        try (DeflaterOutputStream z = new DeflaterOutputStream(compressed, deflater, 64 * 1024)) {
            byte[] row = new byte[1 + width * 4];
            for (int y = 0; y < height; y++) {
                row[0] = 0; // filter type: none
                for (int x = 0, i = 1; x < width; x++) {
                    int pixel = argb[y * width + x];
                    row[i++] = (byte) (pixel >>> 16);
                    row[i++] = (byte) (pixel >>> 8);
                    row[i++] = (byte) pixel;
                    row[i++] = (byte) (pixel >>> 24);
                }
                z.write(row);
            }
        } finally {
            deflater.end();
        }
        chunk(data, "IDAT", compressed.toByteArray());
        chunk(data, "IEND", new byte[0]);
        data.flush();
    }

    private static void chunk(DataOutputStream out, String type, byte[] body) throws IOException {
        byte[] typeBytes = type.getBytes(StandardCharsets.US_ASCII);
        CRC32 crc = new CRC32();
        crc.update(typeBytes);
        crc.update(body);
        out.writeInt(body.length);
        out.write(typeBytes);
        out.write(body);
        out.writeInt((int) crc.getValue());
    }
}
