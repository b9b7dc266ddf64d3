package dev.cumps.e2e;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.nio.file.attribute.PosixFilePermissions;
import java.security.SecureRandom;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Comparator;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;

/**
 * A shared workstation with two unprivileged users, as the hostile reviews used one: the victim runs
 * cumps, the attacker shapes whatever a second account can shape (its own folders, the shared sticky
 * folder, a socket, a record, a process). Every command runs as its user through {@code setpriv}
 * (real and effective uid and gid, no supplementary group), with an explicit environment: the user's
 * own {@code HOME} and {@code TMPDIR} (0700, theirs) and {@code PATH=/usr/bin:/bin}, nothing of the test
 * JVM's. The cumps under test is the built jar, copied where both users can read it.
 *
 * <p>Needs root to change users (CI runs as root; a root-only test fails, never skips). Everything lives
 * under one folder in {@code /tmp} ({@code shared} in it is sticky and open to all, as {@code /tmp} is);
 * {@link #close()} ends the processes the test started (by handle: pid and start time), stops the
 * victim's simulated daemons ({@code cumps --simulate reset} as the victim) and removes the folder.
 */
final class TwoUsers implements AutoCloseable {
    /** Unprivileged uids no account on a build machine uses; setpriv needs no passwd entry for them. */
    static final int VICTIM = 64101;
    static final int ATTACKER = 64102;
    private static final List<String> JVM_FLAGS = List.of("-XX:TieredStopAtLevel=1", "-XX:+UseSerialGC", "-Xshare:auto",
            "-XX:-UsePerfData");
    private static final SecureRandom RANDOM = new SecureRandom();

    /** One account: its uid, its private home and temporary folder. */
    record User(int uid, Path home, Path tmp) {
    }

    /** What a command printed and how it ended. */
    record Result(List<String> argv, int exitCode, String stdout, String stderr) {
        Result assertOk() {
            assertEquals(0, exitCode, () -> "should succeed: " + this);
            return this;
        }

        /** Exit 1, stderr exactly one line {@code error: ...}; returns it. */
        String assertOneLineError() {
            assertEquals(1, exitCode, () -> "should fail with exit 1: " + this);
            List<String> lines = stderr.lines().toList();
            assertEquals(1, lines.size(), () -> "one error line: " + this);
            assertTrue(lines.get(0).startsWith("error: "), () -> "an error: line: " + this);
            return lines.get(0);
        }

        @Override
        public String toString() {
            return String.join(" ", argv) + "\nexit " + exitCode + "\n--- stdout\n" + stdout + "--- stderr\n" + stderr;
        }
    }

    final Path base;
    final Path jar;
    final Path shared;
    final User victim;
    final User attacker;
    private final List<Process> started = new CopyOnWriteArrayList<>();
    private final String java = Path.of(System.getProperty("java.home"), "bin", "java").toString();

    private TwoUsers(Path base, Path jar, Path shared, User victim, User attacker) {
        this.base = base;
        this.jar = jar;
        this.shared = shared;
        this.victim = victim;
        this.attacker = attacker;
    }

    static TwoUsers create() throws IOException {
        int me = (Integer) Files.getAttribute(Path.of("/proc/self"), "unix:uid");
        assertEquals(0, me, "the hostile suite changes users with setpriv, which needs root: run the tests as root"
                + " (CI does; a root-only test fails, never skips)");
        Path built = Path.of(System.getProperty("cumps.jar", "../core/cli/target/cumps.jar")).toAbsolutePath().normalize();
        BuiltJar.verify(built);
        Path base;
        do {
            base = Path.of("/tmp", "hu" + Long.toString(RANDOM.nextLong() & 0xffffffL, 36));
        } while (Files.exists(base, LinkOption.NOFOLLOW_LINKS));
        Files.createDirectory(base, PosixFilePermissions.asFileAttribute(PosixFilePermissions.fromString("rwxr-xr-x")));
        Files.setPosixFilePermissions(base, PosixFilePermissions.fromString("rwxr-xr-x"));
        Path jar = Files.copy(built, base.resolve("cumps.jar"), StandardCopyOption.COPY_ATTRIBUTES);
        Files.setPosixFilePermissions(jar, PosixFilePermissions.fromString("rw-r--r--"));
        Path shared = Files.createDirectory(base.resolve("shared"));
        Files.setAttribute(shared, "unix:mode", 01777);
        return new TwoUsers(base, jar, shared, user(base, VICTIM), user(base, ATTACKER));
    }

    private static User user(Path base, int uid) throws IOException {
        Path dir = Files.createDirectory(base.resolve("u" + uid));
        Path home = Files.createDirectory(dir.resolve("home"));
        Path tmp = Files.createDirectory(dir.resolve("tmp"));
        for (Path p : List.of(dir, home, tmp)) {
            Files.setPosixFilePermissions(p, PosixFilePermissions.fromString("rwx------"));
            Files.setAttribute(p, "unix:uid", uid);
            Files.setAttribute(p, "unix:gid", uid);
        }
        return new User(uid, home, tmp);
    }

    /** The user's environment: their HOME and TMPDIR, the system's PATH, a UTF-8 locale; then {@code extra} ({@code null} removes). */
    Map<String, String> environment(User u, Map<String, String> extra) {
        Map<String, String> env = new TreeMap<>(Map.of("HOME", u.home().toString(), "TMPDIR", u.tmp().toString(), "PATH", "/usr/bin:/bin",
                "LANG", "C.UTF-8", "LC_ALL", "C.UTF-8"));
        extra.forEach((k, v) -> {
            if (v == null) {
                env.remove(k);
            } else {
                env.put(k, v);
            }
        });
        return env;
    }

    private static List<String> as(User u, List<String> argv) {
        List<String> all = new ArrayList<>(List.of("/usr/bin/setpriv", "--reuid=" + u.uid(), "--regid=" + u.uid(), "--clear-groups", "--"));
        all.addAll(argv);
        return all;
    }

    /** The built cumps run as {@code u} in {@code cwd}, within the suite's patience. */
    Result cumps(User u, Map<String, String> extraEnv, Path cwd, String... args) {
        List<String> argv = new ArrayList<>(List.of(java));
        argv.addAll(JVM_FLAGS);
        argv.add("-jar");
        argv.add(jar.toString());
        argv.addAll(Arrays.asList(args));
        return run(u, extraEnv, cwd, argv, CumpsHarness.PATIENCE);
    }

    /** {@link #cumps(User, Map, Path, String...)} in the user's home. */
    Result cumps(User u, Map<String, String> extraEnv, String... args) {
        return cumps(u, extraEnv, u.home(), args);
    }

    /** {@code /bin/sh -c script} as {@code u}: what the attacker does with a shell. */
    Result sh(User u, String script, String... args) {
        List<String> argv = new ArrayList<>(List.of("/bin/sh", "-c", script, "sh"));
        argv.addAll(Arrays.asList(args));
        return run(u, Map.of(), u.home(), argv, CumpsHarness.PATIENCE);
    }

    /** Runs {@code argv} as {@code u}; a run that outlasts {@code limit} is ended (it and its descendants) and fails the test. */
    Result run(User u, Map<String, String> extraEnv, Path cwd, List<String> argv, Duration limit) {
        try {
            Path out = Files.createTempFile(base, "out", ".txt");
            Path err = Files.createTempFile(base, "err", ".txt");
            Process p = builder(u, extraEnv, cwd, argv).redirectOutput(out.toFile()).redirectError(err.toFile()).start();
            started.add(p);
            if (!p.waitFor(limit.toMillis(), TimeUnit.MILLISECONDS)) {
                end(p);
                throw new AssertionError("did not finish within " + limit.toSeconds() + " s: " + String.join(" ", argv) + "\n--- stdout\n"
                        + Files.readString(out) + "--- stderr\n" + Files.readString(err));
            }
            Result r = new Result(argv, p.exitValue(), Files.readString(out, StandardCharsets.UTF_8), Files.readString(err, StandardCharsets.UTF_8));
            Files.delete(out);
            Files.delete(err);
            return r;
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException(e);
        }
    }

    /** Starts {@code argv} as {@code u} in the background (an attacker's daemon); ended by {@link #close()}. */
    Process spawn(User u, Path log, List<String> argv) throws IOException {
        Process p = builder(u, Map.of(), u.home(), argv).redirectErrorStream(true).redirectOutput(log.toFile()).start();
        started.add(p);
        return p;
    }

    private ProcessBuilder builder(User u, Map<String, String> extraEnv, Path cwd, List<String> argv) {
        ProcessBuilder b = new ProcessBuilder(as(u, argv)).directory(cwd.toFile())
                .redirectInput(ProcessBuilder.Redirect.from(Path.of("/dev/null").toFile()));
        b.environment().clear();
        b.environment().putAll(environment(u, extraEnv));
        return b;
    }

    /** Waits (under the suite's patience) until {@code path} exists. */
    static void await(Path path) {
        long deadline = System.nanoTime() + CumpsHarness.PATIENCE.toNanos();
        while (!Files.exists(path, LinkOption.NOFOLLOW_LINKS)) {
            if (System.nanoTime() > deadline) {
                throw new AssertionError(path + " did not appear within " + CumpsHarness.PATIENCE.toSeconds() + " s");
            }
            Procs.sleep(20);
        }
    }

    /** A folder of {@code u}'s with {@code mode} (e.g. {@code rwxrwxrwx}, as NVIDIA makes its pipe folder). */
    Path folderOf(User u, Path path, String mode) throws IOException {
        Files.createDirectories(path);
        Files.setAttribute(path, "unix:uid", u.uid());
        Files.setAttribute(path, "unix:gid", u.uid());
        Files.setPosixFilePermissions(path, PosixFilePermissions.fromString(mode));
        return path;
    }

    /** A file of {@code u}'s holding {@code text}. */
    Path fileOf(User u, Path path, String text, String mode) throws IOException {
        Files.writeString(path, text, StandardCharsets.UTF_8);
        Files.setAttribute(path, "unix:uid", u.uid());
        Files.setAttribute(path, "unix:gid", u.uid());
        Files.setPosixFilePermissions(path, PosixFilePermissions.fromString(mode));
        return path;
    }

    private static void end(Process p) {
        p.descendants().forEach(ProcessHandle::destroyForcibly);
        p.destroyForcibly();
        try {
            p.waitFor(CumpsHarness.PATIENCE.toMillis(), TimeUnit.MILLISECONDS);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }

    @Override
    public void close() throws IOException {
        // The victim's simulated daemons (detached, so not among the started processes): reset stops them by pid and start time.
        if (Files.exists(victim.tmp().resolve("cumps-sim-" + VICTIM), LinkOption.NOFOLLOW_LINKS)) {
            run(victim, Map.of(), victim.home(), List.of(java, "-XX:-UsePerfData", "-jar", jar.toString(), "--simulate", "reset"),
                    CumpsHarness.PATIENCE);
        }
        started.forEach(TwoUsers::end);
        try (Stream<Path> all = Files.walk(base)) {
            for (Path p : all.sorted(Comparator.reverseOrder()).toList()) {
                Files.deleteIfExists(p);
            }
        }
    }
}
