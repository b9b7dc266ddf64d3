package dev.cumps.core.fs;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

/** One key per directory, for locks and for comparing a record's directories with another's or a process's. */
public final class CanonicalPaths {
    private CanonicalPaths() {
    }

    /** The absolute path with every existing part resolved (links, {@code ..}): one key per directory. */
    public static Path of(Path p) {
        Path abs = p.toAbsolutePath().normalize();
        Path existing = abs;
        List<Path> rest = new ArrayList<>();
        while (existing.getParent() != null && !Files.exists(existing)) {
            rest.add(0, existing.getFileName());
            existing = existing.getParent();
        }
        try {
            Path resolved = existing.toRealPath();
            for (Path part : rest) {
                resolved = resolved.resolve(part);
            }
            return resolved;
        } catch (IOException e) {
            return abs;
        }
    }
}
