package dev.cumps.core.testing;

import java.nio.file.Files;
import java.nio.file.Path;

/** The checkout's root, for tests that read the project's documents (docs/, README.md) from any module. */
public final class Repository {
    private Repository() {
    }

    /** The nearest directory at or above the working directory that holds {@code docs/guide.md}. */
    public static Path root() {
        Path dir = Path.of("").toAbsolutePath();
        while (dir != null && !Files.isRegularFile(dir.resolve("docs/guide.md"))) {
            dir = dir.getParent();
        }
        if (dir == null) {
            throw new IllegalStateException("no docs/guide.md above " + Path.of("").toAbsolutePath());
        }
        return dir;
    }
}
