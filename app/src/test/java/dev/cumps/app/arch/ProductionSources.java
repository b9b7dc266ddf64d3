package dev.cumps.app.arch;

import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;

/** The product's source folders, read by the source-text tests from the window module (the core's are one folder up). */
final class ProductionSources {

    private ProductionSources() {
    }

    /** app, core/engine, core/sim and core/cli's {@code src/main/java}; fails when one is missing (not run from the app module). */
    static List<Path> roots() {
        Path repo = Path.of("..").toAbsolutePath().normalize();
        List<Path> roots = List.of(repo.resolve("app/src/main/java"), repo.resolve("core/engine/src/main/java"),
                repo.resolve("core/sim/src/main/java"), repo.resolve("core/cli/src/main/java"));
        roots.forEach(root -> assertTrue(Files.isDirectory(root), root + " is missing: run from the app module"));
        return roots;
    }
}
