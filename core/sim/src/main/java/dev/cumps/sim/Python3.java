package dev.cumps.sim;

import java.io.IOException;
import java.io.InputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Optional;

/** Finds the {@code python3} binary that the fast stand-ins ({@link LauncherScripts#pythonStandIn}) run with. */
final class Python3 {

    private Python3() {
    }

    /** Where a system's own {@code python3} lives; nothing from the environment (PATH) is consulted. */
    private static final List<String> SYSTEM_DIRECTORIES = List.of("/usr/bin", "/usr/local/bin", "/bin");

    /**
     * The {@code python3} the fast stand-ins run with: the first of {@code /usr/bin},
     * {@code /usr/local/bin} and {@code /bin} that holds an executable {@code python3} binary. This
     * JVM's {@code PATH} is not read: the simulated host never takes a program from the inherited
     * environment (a stray or planted {@code python3} earlier in it would run every stand-in).
     * Wrapper scripts are skipped: each would add a shell start to every call. Empty when there is
     * none, and the JVM launchers are written instead.
     */
    static Optional<Path> find() {
        return find(SYSTEM_DIRECTORIES);
    }

    static Optional<Path> find(List<String> dirs) {
        for (String dir : dirs) {
            Path candidate = Path.of(dir, "python3");
            if (Files.isRegularFile(candidate) && Files.isExecutable(candidate) && !isScript(candidate)) {
                return Optional.of(candidate);
            }
        }
        return Optional.empty();
    }

    private static boolean isScript(Path file) {
        try (InputStream in = Files.newInputStream(file)) {
            return in.read() == '#' && in.read() == '!';
        } catch (IOException e) {
            return true;
        }
    }
}
