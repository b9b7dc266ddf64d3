package dev.cumps.e2e;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.DirectoryStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.function.Predicate;

/**
 * Read-only views of {@code /proc} for the end-to-end tests, plus killing one pid. Nothing here
 * signals a process by name or pattern: {@link #kill(long)} takes one pid, and callers only pass
 * pids their own test started.
 */
final class Procs {
    private Procs() {
    }

    /** The fields of {@code /proc/<pid>/stat} the tests look at. */
    record Stat(long pid, String comm, char state, long startTicks) {
        boolean running() {
            return state != 'Z' && state != 'X' && state != 'x';
        }
    }

    /** Parses {@code /proc/<pid>/stat}, counting fields after the last {@code )}; empty if the pid is gone. */
    static Optional<Stat> stat(long pid) {
        String text;
        try {
            text = Files.readString(Path.of("/proc", Long.toString(pid), "stat"), StandardCharsets.UTF_8).strip();
        } catch (IOException e) {
            return Optional.empty();
        }
        int open = text.indexOf('(');
        int close = text.lastIndexOf(')');
        String[] rest = text.substring(close + 1).strip().split("\\s+");
        // rest[0] is field 3 (state); field 22 (starttime) is rest[19].
        return Optional.of(new Stat(pid, text.substring(open + 1, close), rest[0].charAt(0), Long.parseLong(rest[19])));
    }

    /** Whether pid is a live process; a zombie (exited, not reaped by PID 1 in this container) counts as gone. */
    static boolean running(long pid) {
        return stat(pid).map(Stat::running).orElse(false);
    }

    /** Whether pid is a running stand-in daemon or server (comm {@code nvidia-cuda-mps}). */
    static boolean runningDaemon(long pid) {
        return stat(pid).filter(Stat::running).filter(s -> s.comm().equals("nvidia-cuda-mps")).isPresent();
    }

    /** The environment a process started with (empty when unreadable or gone). */
    static List<String> environ(long pid) {
        try {
            byte[] raw = Files.readAllBytes(Path.of("/proc", Long.toString(pid), "environ"));
            return List.of(new String(raw, StandardCharsets.UTF_8).split("\0"));
        } catch (IOException e) {
            return List.of();
        }
    }

    static String cmdline(long pid) {
        try {
            return new String(Files.readAllBytes(Path.of("/proc", Long.toString(pid), "cmdline")), StandardCharsets.UTF_8)
                    .replace('\0', ' ').strip();
        } catch (IOException e) {
            return "";
        }
    }

    /** Running (non-zombie) processes whose environment holds an entry starting with {@code entryPrefix}. */
    static List<Long> runningWithEnv(String entryPrefix) {
        List<Long> found = new ArrayList<>();
        long self = ProcessHandle.current().pid();
        try (DirectoryStream<Path> dirs = Files.newDirectoryStream(Path.of("/proc"), "[0-9]*")) {
            for (Path dir : dirs) {
                long pid = Long.parseLong(dir.getFileName().toString());
                if (pid != self && running(pid) && environ(pid).stream().anyMatch(e -> e.startsWith(entryPrefix))) {
                    found.add(pid);
                }
            }
        } catch (IOException e) {
            throw new IllegalStateException("cannot scan /proc: " + e.getMessage(), e);
        }
        return found;
    }

    /** Running (non-zombie) processes whose environment satisfies {@code test}. */
    static List<Long> runningWhere(Predicate<List<String>> test) {
        List<Long> found = new ArrayList<>();
        long self = ProcessHandle.current().pid();
        try (DirectoryStream<Path> dirs = Files.newDirectoryStream(Path.of("/proc"), "[0-9]*")) {
            for (Path dir : dirs) {
                long pid = Long.parseLong(dir.getFileName().toString());
                if (pid != self && running(pid) && test.test(environ(pid))) {
                    found.add(pid);
                }
            }
        } catch (IOException e) {
            throw new IllegalStateException("cannot scan /proc: " + e.getMessage(), e);
        }
        return found;
    }

    /** SIGKILL to exactly this pid. */
    static void kill(long pid) {
        ProcessHandle.of(pid).ifPresent(ProcessHandle::destroyForcibly);
    }

    /** Waits until pid is gone (or a zombie); returns whether it went within the limit. */
    static boolean awaitGone(long pid, Duration limit) {
        long deadline = System.nanoTime() + limit.toNanos();
        while (System.nanoTime() < deadline) {
            if (!running(pid)) {
                return true;
            }
            sleep(50);
        }
        return !running(pid);
    }

    static void sleep(long millis) {
        try {
            Thread.sleep(millis);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException("interrupted", e);
        }
    }
}
