package dev.cumps.core.exec;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicReference;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

class ProcessCommandRunnerTest {
    private final ProcessCommandRunner runner = new ProcessCommandRunner();
    private static final Map<String, String> ENV = Map.of("PATH", "/usr/bin:/bin");

    private CommandResult sh(String script, String stdin, Duration timeout) {
        return runner.run(new CommandSpec(List.of("sh", "-c", script), ENV, stdin, timeout));
    }

    @Test
    void feedsStdinAndCapturesBothStreams() {
        CommandResult r = sh("read line; echo \"got $line\"; echo oops >&2; exit 3", "quit\n", Duration.ofSeconds(60));
        assertEquals(CommandResult.Outcome.EXITED, r.outcome());
        assertEquals(3, r.exitCode());
        assertEquals("got quit\n", r.stdout());
        assertEquals("oops\n", r.stderr());
        assertTrue(r.describeFailure().contains("status 3"));
    }

    @Test
    void aChildFillingBothPipesDoesNotHang() {
        CommandResult r = sh("head -c 3000000 /dev/zero | tr '\\0' x; head -c 3000000 /dev/zero | tr '\\0' y >&2", null, Duration.ofSeconds(60));
        assertTrue(r.succeeded(), r.describeFailure());
        assertTrue(r.stdout().length() >= 1 << 20 - 1);
    }

    /** A caller may keep less than the default megabyte (a reply from a pipe no record vouches for); the child still runs to its end. */
    @Test
    void anOutputLimitKeepsThatManyBytesOfEachStreamAndTheChildIsNotBlocked() {
        CommandResult r = runner.run(new CommandSpec(List.of("sh", "-c", "head -c 300000 /dev/zero | tr '\\0' x; "
                + "head -c 300000 /dev/zero | tr '\\0' y >&2; echo done >&2"), ENV, "", Duration.ofSeconds(60), 1000));
        assertTrue(r.succeeded(), r.describeFailure());
        assertEquals("x".repeat(1000), r.stdout());
        assertEquals("y".repeat(1000), r.stderr());
        assertEquals(1 << 20, new CommandSpec(List.of("true"), ENV, "", Duration.ofSeconds(1)).outputLimit());
    }

    @Test
    void aHungChildIsStoppedAtItsTimeout(@TempDir Path dir) throws Exception {
        // The child writes its pid, then sleeps far longer than any test runs; only the runner can end it.
        Path pidFile = dir.resolve("pid");
        CommandResult r = sh("echo $$ > '" + pidFile + "'; exec sleep 3600", null, Duration.ofSeconds(2));
        assertEquals(CommandResult.Outcome.TIMED_OUT, r.outcome());
        // On a very busy machine the shell may not have run at all before the kill; then there is no pid to check.
        String written = Files.exists(pidFile) ? Files.readString(pidFile).strip() : "";
        if (!written.isEmpty()) {
            long pid = Long.parseLong(written);
            assertTrue(gone(pid), "the hung child " + pid + " was killed, not left sleeping");
        }
    }

    /** A shell that records its pid and start time ({@code /proc/<pid>/stat} field 22) in the file "$1", then sleeps. */
    private static final String RECORDS_ITSELF = "sh -c 'set -- \"$1\" $(cat /proc/$$/stat); echo \"$2 ${23}\" > \"$1\"; exec sleep 1000' sh";

    /** A background grandchild and a foreground child, each recording itself: only a kill of the whole tree ends both. */
    private static String treeScript(Path dir) {
        return RECORDS_ITSELF + " '" + dir.resolve("background") + "' & " + RECORDS_ITSELF + " '" + dir.resolve("foreground") + "'; true";
    }

    @Test
    void aTimeoutEndsTheChildsWholeTreeNotTheChildAlone(@TempDir Path dir) throws Exception {
        // On a very busy machine the shell may not have started its grandchild before the timeout: try again, with more time.
        Path pidFile = dir.resolve("background");
        CommandResult r = null;
        try {
            for (long seconds = 2; !Files.exists(pidFile) && seconds <= 64; seconds *= 2) {
                r = sh(treeScript(dir), null, Duration.ofSeconds(seconds));
            }
            Identity grandchild = Identity.parse(awaitLine(pidFile));
            assertEquals(CommandResult.Outcome.TIMED_OUT, r.outcome(), r.describeFailure());
            assertTrue(grandchild.awaitGone(Duration.ofSeconds(60)), "the grandchild " + grandchild + " was ended with its parent");
        } finally {
            Identity.killRecorded(dir);
        }
    }

    @Test
    void anAbortEndsTheChildsWholeTree(@TempDir Path dir) throws Exception {
        // As the self-test's Ctrl-C does: the thread waiting for the client is interrupted.
        AtomicReference<CommandResult> result = new AtomicReference<>();
        Thread caller = new Thread(() -> result.set(sh(treeScript(dir), null, Duration.ofSeconds(3600))), "runner under test");
        caller.start();
        try {
            Identity grandchild = Identity.parse(awaitLine(dir.resolve("background")));
            Identity child = Identity.parse(awaitLine(dir.resolve("foreground")));
            caller.interrupt();
            caller.join(Duration.ofSeconds(60).toMillis());
            assertFalse(caller.isAlive(), "the interrupted run returned");
            assertEquals(CommandResult.Outcome.TIMED_OUT, result.get().outcome());
            assertTrue(grandchild.awaitGone(Duration.ofSeconds(60)), "the grandchild " + grandchild + " was ended with its parent");
            assertTrue(child.awaitGone(Duration.ofSeconds(60)), "the foreground child " + child + " was ended too");
        } finally {
            caller.interrupt();
            Identity.killRecorded(dir);
        }
    }

    /** A process by pid and start time ({@code /proc/<pid>/stat} field 22), so that a reused pid is never taken for it. */
    private record Identity(long pid, String startTicks) {
        /** {@code "<pid> <start ticks>"}, as the grandchild wrote it of itself. */
        static Identity parse(String line) {
            String[] words = line.split(" ");
            return new Identity(Long.parseLong(words[0]), words[1]);
        }

        private static String startOf(long pid) throws IOException {
            String stat = Files.readString(Path.of("/proc", Long.toString(pid), "stat"));
            String[] after = stat.substring(stat.lastIndexOf(')') + 2).split(" ");
            return after[0].equals("Z") ? "zombie" : after[19];
        }

        /** Still running: the pid is there, not a zombie, with the same start time. */
        boolean running() {
            try {
                return startOf(pid).equals(startTicks);
            } catch (IOException e) {
                return false;
            }
        }

        boolean awaitGone(Duration patience) throws InterruptedException {
            long deadline = System.nanoTime() + patience.toNanos();
            while (running()) {
                if (System.nanoTime() > deadline) {
                    return false;
                }
                Thread.sleep(20); // polling interval; /proc decides
            }
            return true;
        }

        /** Ends it if it still runs (a failed assertion must not leave it behind); the handle re-checks the start time. */
        void kill() {
            if (running()) {
                ProcessHandle.of(pid).ifPresent(ProcessHandle::destroyForcibly);
            }
        }

        /** Ends what recorded itself in {@code dir} and still runs: exactly the processes this test started. */
        static void killRecorded(Path dir) throws IOException {
            for (String name : List.of("background", "foreground")) {
                Path file = dir.resolve(name);
                String line = Files.exists(file) ? Files.readString(file) : "";
                if (line.endsWith("\n")) {
                    parse(line.strip()).kill();
                }
            }
        }
    }

    /** Whether pid has left the process table or is a zombie (its parent, this JVM, may reap it later). */
    private static boolean gone(long pid) {
        try {
            String stat = Files.readString(Path.of("/proc", Long.toString(pid), "stat"));
            return stat.charAt(stat.lastIndexOf(')') + 2) == 'Z';
        } catch (IOException e) {
            return true;
        }
    }

    @Test
    void theEnvironmentIsExactlyTheOneGiven() {
        CommandResult r = runner.run(new CommandSpec(List.of("sh", "-c", "env"), Map.of("PATH", "/usr/bin:/bin", "ONLY", "this"), null, Duration.ofSeconds(60)));
        assertTrue(r.stdout().contains("ONLY=this"));
        assertTrue(r.stdout().lines().noneMatch(l -> l.startsWith("HOME=")), r.stdout());
    }

    @Test
    void programsAreFoundOnTheChildsPathNotTheJvms(@TempDir Path bin) throws Exception {
        Path tool = bin.resolve("nvidia-smi");
        Files.writeString(tool, "#!/bin/sh\necho stand-in\n");
        Files.setPosixFilePermissions(tool, PosixFilePermissions.fromString("rwxr-xr-x"));
        CommandResult found = runner.run(new CommandSpec(List.of("nvidia-smi"), Map.of("PATH", bin + ":/usr/bin:/bin"), null, Duration.ofSeconds(60)));
        assertEquals("stand-in\n", found.stdout());
        CommandResult missing = runner.run(new CommandSpec(List.of("nvidia-smi"), Map.of("PATH", "/nonexistent"), null, Duration.ofSeconds(60)));
        assertEquals(CommandResult.Outcome.NOT_FOUND, missing.outcome());
        assertTrue(missing.describeFailure().contains("not found on PATH"));
    }

    @Test
    void aDaemonizingChildThatKeepsThePipesOpenDoesNotBlockTheCaller(@TempDir Path dir) throws Exception {
        // The grandchild holds stdout and stderr open for an hour; the runner must return once the child exits.
        Path pidFile = dir.resolve("pid");
        CommandResult r = sh("(sh -c 'echo $$ > \"$1\"; exec sleep 3600' sh '" + pidFile + "' &) ; echo launched", null, Duration.ofSeconds(60));
        // The child may return before the backgrounded grandchild has written its pid: wait for the file itself.
        long grandchild = Long.parseLong(awaitLine(pidFile));
        try {
            assertEquals(CommandResult.Outcome.EXITED, r.outcome(), r.describeFailure());
            assertTrue(r.succeeded());
            assertTrue(r.stdout().contains("launched"));
            assertTrue(!gone(grandchild), "returned while the grandchild still holds the pipes, not after it");
        } finally {
            ProcessHandle.of(grandchild).ifPresent(ProcessHandle::destroyForcibly);
        }
    }
    /**
     * A shell would run {@code ./nvidia-smi} for an empty or relative PATH entry; anyone who can write
     * to the working directory could plant one. The planted program would create a marker file. The
     * lookup runs in its own JVM ({@link PathLookupProbe}) whose working directory holds the planted
     * program, so nothing is written into the checkout.
     */
    @ParameterizedTest
    @ValueSource(strings = {":/usr/bin:/bin", ".:/usr/bin:/bin", "/usr/bin:/bin:", "/usr/bin::/bin", "sub:/usr/bin:/bin"})
    void emptyAndRelativePathEntriesAreIgnored(String path, @TempDir Path cwd) throws Exception {
        String program = "cumps-planted";
        Path marker = cwd.resolve("ran");
        String script = "#!/bin/sh\ntouch '" + marker + "'\n";
        Files.createDirectory(cwd.resolve("sub"));
        for (Path p : List.of(cwd.resolve(program), cwd.resolve("sub").resolve(program))) {
            Files.writeString(p, script);
            Files.setPosixFilePermissions(p, PosixFilePermissions.fromString("rwx------"));
        }

        assertEquals(List.of("NOT_FOUND", "none"), probe(cwd, program, path), path);
        assertFalse(Files.exists(marker), "the planted program ran for PATH=" + path);

        assertEquals(List.of("EXITED", cwd.resolve("sub").resolve(program).toString()), probe(cwd, program, cwd.resolve("sub") + ":/usr/bin:/bin"),
                "the same program is found through an absolute entry");
        assertTrue(Files.exists(marker));
    }

    private static List<String> probe(Path cwd, String program, String path) throws IOException, InterruptedException {
        Path out = Files.createTempFile(cwd, "probe", ".out");
        ProcessBuilder builder = new ProcessBuilder(Path.of(System.getProperty("java.home"), "bin", "java").toString(), "-cp",
                System.getProperty("java.class.path"), PathLookupProbe.class.getName(), program, path)
                .directory(cwd.toFile()).redirectErrorStream(true).redirectOutput(out.toFile()).redirectInput(Path.of("/dev/null").toFile());
        builder.environment().clear();
        builder.environment().put("PATH", "/usr/bin:/bin");
        Process p = builder.start();
        try {
            assertTrue(p.waitFor(120, TimeUnit.SECONDS), "the probe JVM did not finish within 120 s");
            assertEquals(0, p.exitValue(), () -> read(out));
            return read(out).lines().toList();
        } finally {
            p.destroyForcibly();
            Files.deleteIfExists(out);
        }
    }

    private static String read(Path file) {
        try {
            return Files.readString(file);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /** The first complete line of {@code file}, once something wrote it; fails after a generous deadline. */
    private static String awaitLine(Path file) throws IOException, InterruptedException {
        long deadline = System.nanoTime() + Duration.ofSeconds(60).toNanos();
        while (true) {
            if (Files.exists(file)) {
                String text = Files.readString(file);
                if (text.endsWith("\n")) {
                    return text.strip();
                }
            }
            if (System.nanoTime() > deadline) {
                throw new AssertionError("no pid line in " + file + " after 60 s");
            }
            Thread.sleep(20); // polling interval; the file decides
        }
    }
}
