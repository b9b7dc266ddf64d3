package dev.cumps.core.testing;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.DirectoryStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;

/**
 * What a console's simulated host left running: this user's processes whose environment names a path
 * under the host's sandbox (the simulated daemons and servers carry their pipe and log directories,
 * the stand-ins their {@code PATH}). A test's console must leave none once it is closed.
 */
public final class LeftRunning {
    private LeftRunning() {
    }

    /**
     * The processes still naming {@code root} once each has exited or {@code patience} has passed; looked for again
     * after each round, so that one started meanwhile (a cancelled worker's last program) is waited for too.
     */
    public static List<Long> under(Path root, Duration patience) {
        long deadline = System.nanoTime() + patience.toNanos();
        List<Long> left = scan(root.toString());
        while (!left.isEmpty() && System.nanoTime() - deadline < 0) {
            for (long pid : left) {
                Optional<ProcessHandle> process = ProcessHandle.of(pid);
                if (process.isPresent()) {
                    try {
                        process.get().onExit().get(Math.max(0, deadline - System.nanoTime()), TimeUnit.NANOSECONDS);
                    } catch (TimeoutException | ExecutionException e) {
                        return scan(root.toString());
                    } catch (InterruptedException e) {
                        Thread.currentThread().interrupt();
                        return scan(root.toString());
                    }
                }
            }
            left = scan(root.toString());
        }
        return left;
    }

    /** {@code pid} and its command line, for a failure message. */
    public static String describe(long pid) {
        return pid + " " + ProcessHandle.of(pid).flatMap(p -> p.info().commandLine()).orElse("?");
    }

    private static List<Long> scan(String root) {
        List<Long> found = new ArrayList<>();
        long self = ProcessHandle.current().pid();
        try (DirectoryStream<Path> dirs = Files.newDirectoryStream(Path.of("/proc"), "[0-9]*")) {
            for (Path dir : dirs) {
                long pid = Long.parseLong(dir.getFileName().toString());
                if (pid != self && running(dir) && environ(dir).stream().anyMatch(e -> e.contains(root))) {
                    found.add(pid);
                }
            }
        } catch (IOException e) {
            throw new IllegalStateException("cannot scan /proc: " + e.getMessage(), e);
        }
        return found;
    }

    private static boolean running(Path dir) {
        return read(dir.resolve("stat")).map(stat -> {
            int close = stat.lastIndexOf(')');
            return close > 0 && close + 2 < stat.length() && stat.charAt(close + 2) != 'Z';
        }).orElse(false);
    }

    private static List<String> environ(Path dir) {
        return read(dir.resolve("environ")).map(text -> Arrays.asList(text.split("\0"))).orElse(List.of());
    }

    /** Another user's process (not readable) or one that has just exited reads as nothing. */
    private static Optional<String> read(Path file) {
        try {
            return Optional.of(new String(Files.readAllBytes(file), StandardCharsets.UTF_8));
        } catch (IOException e) {
            return Optional.empty();
        }
    }
}
