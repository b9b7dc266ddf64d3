package dev.cumps.core.cli.command;

import java.nio.file.InvalidPathException;
import java.nio.file.Path;

/**
 * The one rule for path options, without picocli: {@link PathOption} (picocli's converter) and
 * {@code FastPath} both use it. Apart from {@link PathOption} so that the fast path does not load
 * picocli's classes, which class-data sharing cannot archive (Java 5 class files; issue 22).
 */
public final class PathValues {
    /** What the JVM substitutes for bytes of {@code argv} it cannot decode. */
    static final char REPLACEMENT = '\uFFFD';

    private PathValues() {
    }

    /**
     * Why a value cannot be used as a path, or {@code null} when it can. The one rule for path
     * options, shared by {@link PathOption} and {@code FastPath}, which declines what this refuses so that picocli reports it.
     */
    public static String problem(String value) {
        if (value.isEmpty()) {
            return "the path is empty; give a directory (use . for the current one)";
        }
        if (value.indexOf(REPLACEMENT) >= 0) {
            return "the path is not valid text in this locale's encoding (UTF-8)"
                    + " and cannot be used as given; choose a directory whose name is valid UTF-8";
        }
        try {
            Path.of(value);
            return null;
        } catch (InvalidPathException e) {
            return "'" + value + "' is not a usable path: " + e.getReason();
        }
    }
}
