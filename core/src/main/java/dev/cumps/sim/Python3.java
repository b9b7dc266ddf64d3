package dev.cumps.sim;

import java.io.File;
import java.io.IOException;
import java.io.InputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

/** Finds the {@code python3} binary that the fast stand-ins ({@link LauncherScripts#pythonStandIn}) run with. */
final class Python3 {

    private Python3() {
    }

    /**
     * The {@code python3} the fast stand-ins run with: the first of {@code /usr/bin}, {@code /usr/local/bin},
     * {@code /bin} and then the absolute {@code PATH} entries of this JVM's environment that holds an
     * executable {@code python3} binary whose path can sit in a {@code #!} line (no blanks, short).
     * Wrapper scripts (a pyenv shim, for one) are skipped: each would add a shell start to every
     * call. Empty when there is none, and the JVM launchers are written instead.
     */
    static Optional<Path> find() {
        List<String> dirs = new ArrayList<>(List.of("/usr/bin", "/usr/local/bin", "/bin"));
        String path = System.getenv("PATH");
        if (path != null) {
            dirs.addAll(List.of(path.split(File.pathSeparator)));
        }
        for (String dir : dirs) {
            if (dir.isEmpty() || !dir.startsWith("/")) {
                continue;
            }
            Path candidate = Path.of(dir, "python3");
            String text = candidate.toString();
            if (Files.isRegularFile(candidate) && Files.isExecutable(candidate) && text.length() < 100
                    && text.chars().noneMatch(c -> c <= ' ' || c == 0x7f) && !isScript(candidate)) {
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
