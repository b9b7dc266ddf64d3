package dev.cumps.core.testing;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;

import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;

/**
 * Golden-file comparison for output that must stay byte-identical: {@code actual} must equal the
 * test resource {@code resource}. Run with {@code -Dcumps.golden.update=true} to rewrite the golden
 * under the module's {@code src/test/resources} instead (then review the diff before committing).
 */
public final class Golden {
    private Golden() {
    }

    public static void assertMatches(Class<?> anchor, String resource, String actual, String what) {
        if (Boolean.getBoolean("cumps.golden.update")) {
            write(Path.of("src/test/resources", resource), actual);
            return;
        }
        assertEquals(read(anchor, resource), actual, what + " changed (run with -Dcumps.golden.update=true to regenerate, then review)");
    }

    private static String read(Class<?> anchor, String resource) {
        try (InputStream in = anchor.getClassLoader().getResourceAsStream(resource)) {
            assertNotNull(in, "no golden file " + resource);
            return new String(in.readAllBytes(), StandardCharsets.UTF_8);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    private static void write(Path file, String text) {
        try {
            Files.createDirectories(file.getParent());
            Files.writeString(file, text, StandardCharsets.UTF_8);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}
