package dev.cumps.e2e;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assertions.fail;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.cumps.core.posix.PacketSocket;
import dev.cumps.core.posix.UnixSeqPacket;
import dev.cumps.sim.SimConfig;
import dev.cumps.sim.SimTools;
import dev.cumps.sim.testing.SimHost;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.function.BooleanSupplier;
import java.util.stream.Stream;

/**
 * One test's private host for running the built {@code cumps} CLI as a real subprocess against the
 * stand-in NVIDIA tools.
 *
 * <p>The host is core's shared fixture {@link SimHost} (the same sandbox core's tests get from
 * {@code SimulatedHostExtension}), with the stand-ins run from the shipped {@code cumps.jar}. Layout,
 * kept short because a Unix socket path must stay under about 95 bytes:
 * {@code /tmp/e2XXXX/} holds {@code h/} (HOME), {@code t/} (TMPDIR), {@code b/} (the stand-in
 * launchers, first on PATH) and {@code sim.json}. Each cumps run gets an explicit environment
 * (HOME, TMPDIR, PATH={@code b:/usr/bin:/bin}, LANG, and a per-test marker variable; a daemon
 * that cumps starts gets only an allowlisted environment, so it is recognised by its pipe or log
 * directory under this test's folder instead), a timeout, and its output captured to files, so it can never
 * block on a full pipe.
 *
 * <p>{@link #close()} ends exactly the processes this test started: pids remembered by the test,
 * pids named by records and pid files under this test's folder, and processes it spawned; each is
 * killed by pid, and only if it still carries this test's marker. Then it checks that no process
 * with the marker is left, and the {@link SimHost} ends what still runs with a pipe or log directory in
 * its folder and deletes the folder.
 */
final class CumpsHarness implements AutoCloseable {
    static final String MARKER_VARIABLE = "CUMPS_E2E_MARK";
    /** Shared by every test of this JVM; per-test markers extend it. */
    static final String SUITE_MARKER = "s" + Long.toString(ProcessHandle.current().pid(), 36);
    static final Duration RUN_TIMEOUT = Duration.ofSeconds(60);
    /** How long a test waits for an event (a process exit, a file, a socket) before failing: generous, for busy machines. */
    static final Duration PATIENCE = Duration.ofSeconds(60);
    static final ObjectMapper JSON = new ObjectMapper();
    static final String GPU0 = "GPU-5f0c1a2e-0000-4000-8000-000000000000";
    static final String GPU1 = "GPU-5f0c1a2e-0000-4000-8000-000000000001";
    static final String DEFAULT_NAME = "gpu-5f0c1a2e-0000-4000-8000-000000000000";

    private static final AtomicInteger COUNTER = new AtomicInteger();
    /** JVM flags for the cumps JVM: quick start, small heap (the product reads no JVM flag). */
    private static final List<String> JVM_FLAGS = List.of("-XX:TieredStopAtLevel=1", "-XX:+UseSerialGC", "-Xshare:auto",
            "-XX:-UsePerfData");

    final Path jar;
    final SimHost sim;
    final Path root;
    final Path home;
    final Path tmp;
    final Path bin;
    final Path simConfig;
    final String marker;
    final int uid;
    private final Set<Long> pids = new LinkedHashSet<>();
    private final List<Process> spawned = new CopyOnWriteArrayList<>();

    CumpsHarness(SimConfig config) throws IOException {
        jar = Path.of(System.getProperty("cumps.jar", "../core/cli/target/cumps.jar")).toAbsolutePath().normalize();
        BuiltJar.verify(jar);
        sim = SimHost.create("e2", jar.toString());
        root = sim.root;
        home = sim.home;
        tmp = sim.tmp;
        bin = sim.bin;
        simConfig = sim.simConfig;
        uid = sim.uid;
        marker = SUITE_MARKER + "-" + COUNTER.incrementAndGet();
        configure(config);
    }

    /** Writes the simulated machine and (re)installs the launchers, run from the shipped cumps.jar. */
    void configure(SimConfig config) throws IOException {
        sim.configure(config);
    }

    // ------------------------------------------------------------------ paths

    Path records() {
        return home.resolve(".cache/unilab/cuda-mps");
    }

    Path recordFile(String name) {
        return records().resolve(name).resolve("daemon.json");
    }

    Path runtimeRoot() {
        return tmp.resolve("uni-cumps-" + uid);
    }

    Path defaultPipe(String name) {
        return runtimeRoot().resolve(name).resolve("pipe");
    }

    /** A 0700 directory under this test's folder. */
    Path privateDir(String relative) throws IOException {
        Path dir = root.resolve(relative);
        Files.createDirectories(dir);
        Files.setPosixFilePermissions(dir, PosixFilePermissions.fromString("rwx------"));
        return dir;
    }

    // ------------------------------------------------------------------ running cumps

    /** What one cumps run did. */
    record Run(List<String> args, int exitCode, String stdout, String stderr, boolean timedOut, Duration took) {
        JsonNode json() {
            try {
                return JSON.readTree(stdout);
            } catch (IOException e) {
                throw new AssertionError("stdout of cumps " + args + " is not JSON: " + e.getMessage() + "\n" + this, e);
            }
        }

        Run assertOk() {
            assertEquals(0, exitCode, () -> "cumps " + String.join(" ", args) + " should succeed\n" + this);
            return this;
        }

        /** Exit 1 and stderr exactly one line {@code error: ...} without a stack trace; returns that line. */
        String assertOneLineError() {
            assertFalse(timedOut, () -> "cumps " + args + " timed out\n" + this);
            assertEquals(1, exitCode, () -> "cumps " + String.join(" ", args) + " should fail with exit 1\n" + this);
            return assertErrorLine();
        }

        /** stderr is exactly one line {@code error: ...} without a stack trace; returns that line. */
        String assertErrorLine() {
            assertTrue(stderr.endsWith("\n"), () -> "stderr should end with a newline\n" + this);
            String line = stderr.substring(0, stderr.length() - 1);
            assertFalse(line.contains("\n"), () -> "stderr should be one line\n" + this);
            assertTrue(line.startsWith("error: "), () -> "stderr should start with 'error: '\n" + this);
            assertFalse(line.contains("Exception"), () -> "stderr should name no exception\n" + this);
            assertFalse(line.contains("\tat "), () -> "stderr should hold no stack trace\n" + this);
            return line;
        }

        @Override
        public String toString() {
            return "exit " + exitCode + (timedOut ? " (timed out)" : "") + " after " + took.toMillis() + " ms\n--- stdout\n" + stdout
                    + "--- stderr\n" + stderr + "---";
        }
    }

    Run cumps(String... args) {
        return cumps(Map.of(), args);
    }

    /** Runs cumps with extra environment variables (a null value removes one). */
    Run cumps(Map<String, String> extraEnv, String... args) {
        try {
            Path out = Files.createTempFile(root, "out", ".txt");
            Path err = Files.createTempFile(root, "err", ".txt");
            Process process = start(extraEnv, out, err, args);
            long begin = System.nanoTime();
            boolean finished = process.waitFor(RUN_TIMEOUT.toMillis(), TimeUnit.MILLISECONDS);
            if (!finished) {
                process.destroyForcibly();
                process.waitFor(5, TimeUnit.SECONDS);
            }
            Duration took = Duration.ofNanos(System.nanoTime() - begin);
            Run run = new Run(List.of(args), finished ? process.exitValue() : -1, Files.readString(out), Files.readString(err),
                    !finished, took);
            Files.delete(out);
            Files.delete(err);
            return run;
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException(e);
        }
    }

    /** Starts cumps without waiting; output goes to {@code out} and {@code err}. The process is ended in {@link #close()}. */
    Process start(Map<String, String> extraEnv, Path out, Path err, String... args) throws IOException {
        List<String> command = new ArrayList<>();
        if (extraEnv.containsKey(DEFAULT_SIGINT)) {
            // A JVM keeps SIGINT ignored when its parent ignored it (e.g. maven started in the background);
            // coreutils env restores the default so the cumps JVM reacts to SIGINT as under a terminal.
            command.addAll(List.of("/usr/bin/env", "--default-signal=INT"));
        }
        command.addAll(cumpsCommand(args));
        return launch(command, extraEnv, out, err);
    }

    /**
     * Starts cumps with its standard input a pipe the test writes to ({@link Process#getOutputStream()}),
     * left open until the test closes it; otherwise as {@link #start}.
     */
    Process startWithInput(Map<String, String> extraEnv, Path out, Path err, String... args) throws IOException {
        return launch(cumpsCommand(args), extraEnv, out, err, ProcessBuilder.Redirect.PIPE);
    }

    /** The command line ({@code java ... -jar cumps.jar args}) that runs the built cumps jar with {@code args} (the JVM flags of every run). */
    List<String> cumpsCommand(String... args) {
        List<String> command = new ArrayList<>();
        command.add(Path.of(System.getProperty("java.home"), "bin", "java").toString());
        command.addAll(JVM_FLAGS);
        command.add("-jar");
        command.add(jar.toString());
        command.addAll(Arrays.asList(args));
        return command;
    }

    private Process launch(List<String> command, Map<String, String> extraEnv, Path out, Path err) throws IOException {
        return launch(command, extraEnv, out, err, ProcessBuilder.Redirect.from(Path.of("/dev/null").toFile()));
    }

    private Process launch(List<String> command, Map<String, String> extraEnv, Path out, Path err, ProcessBuilder.Redirect input)
            throws IOException {
        ProcessBuilder builder = new ProcessBuilder(command).directory(root.toFile())
                .redirectOutput(out.toFile()).redirectError(err.toFile()).redirectInput(input);
        Map<String, String> env = builder.environment();
        env.clear();
        env.putAll(baseEnvironment());
        extraEnv.forEach((k, v) -> {
            if (k.equals(DEFAULT_SIGINT)) {
                return;
            }
            if (v == null) {
                env.remove(k);
            } else {
                env.put(k, v);
            }
        });
        Process process = builder.start();
        spawned.add(process);
        return process;
    }

    /**
     * Starts cumps behind a gate: a {@code sh} that waits until {@code go} exists and then execs the
     * cumps JVM (same pid), so that several racers can be released together by creating one file.
     * Each racer first creates {@code ready} so the test knows it is at the gate.
     */
    Process startGated(Path ready, Path go, Path out, Path err, String... args) throws IOException {
        List<String> gate = new ArrayList<>(List.of("/bin/sh", "-c",
                ": > \"$1\"; while [ ! -e \"$2\" ]; do sleep 0.01; done; shift 2; exec \"$@\"", "gate", ready.toString(), go.toString()));
        gate.addAll(cumpsCommand(args));
        return launch(gate, Map.of(), out, err);
    }

    /** Pseudo-variable for {@link #start}: run the cumps JVM with SIGINT at its default disposition. */
    static final String DEFAULT_SIGINT = "__E2E_DEFAULT_SIGINT";

    /** The host's explicit environment (HOME, TMPDIR, PATH, LANG: nothing of the test JVM's) and this test's marker. */
    Map<String, String> baseEnvironment() {
        Map<String, String> env = new HashMap<>(sim.environment());
        env.put(MARKER_VARIABLE, marker);
        return env;
    }

    // ------------------------------------------------------------------ other programs

    /** Result of a helper program (sh, python3, the stand-in by hand). */
    record Exec(int exitCode, String stdout, String stderr) {
        Exec assertOk() {
            assertEquals(0, exitCode, () -> "helper failed: exit " + exitCode + "\n--- stdout\n" + stdout + "--- stderr\n" + stderr);
            return this;
        }
    }

    /** Runs a program with this test's base environment plus {@code extraEnv}, stdin given, PATIENCE limit. */
    Exec exec(List<String> command, Map<String, String> extraEnv, String stdin) {
        try {
            Path out = Files.createTempFile(root, "out", ".txt");
            Path err = Files.createTempFile(root, "err", ".txt");
            ProcessBuilder builder = new ProcessBuilder(command).directory(root.toFile())
                    .redirectOutput(out.toFile()).redirectError(err.toFile());
            builder.environment().clear();
            builder.environment().putAll(baseEnvironment());
            builder.environment().putAll(extraEnv);
            Process process = builder.start();
            spawned.add(process);
            try (var in = process.getOutputStream()) {
                if (stdin != null) {
                    in.write(stdin.getBytes(StandardCharsets.UTF_8));
                }
            } catch (IOException e) {
                // the program did not read its input
            }
            if (!process.waitFor(PATIENCE.toSeconds(), TimeUnit.SECONDS)) {
                process.destroyForcibly();
                fail("helper " + command + " did not finish within " + PATIENCE.toSeconds() + " s");
            }
            Exec result = new Exec(process.exitValue(), Files.readString(out), Files.readString(err));
            Files.delete(out);
            Files.delete(err);
            return result;
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException(e);
        }
    }

    Exec sh(String script, Map<String, String> extraEnv) {
        return exec(List.of("/bin/sh", "-c", script), extraEnv, null);
    }

    /**
     * python3 from the harness's own PATH ({@code /usr/bin:/bin}, never the test JVM's); uni-cumps is a
     * Python tool. Missing, the calling test fails naming the package: CI installs it, so it never skips.
     */
    static Path python3() {
        for (String dir : List.of("/usr/bin", "/bin")) {
            Path p = Path.of(dir, "python3");
            if (Files.isExecutable(p)) {
                return p;
            }
        }
        return fail("python3 is missing: apt-get install python3 (.ci/run installs it; a missing tool fails, never skips)");
    }

    Exec python(String script, String... args) {
        List<String> command = new ArrayList<>();
        command.add(python3().toString());
        command.add("-c");
        command.add(script);
        command.addAll(Arrays.asList(args));
        return exec(command, Map.of("PATH", "/usr/bin:/bin"), null);
    }

    /**
     * Starts a control daemon by hand, as an operator would ({@code nvidia-cuda-mps-control -d} with
     * {@code CUDA_MPS_PIPE_DIRECTORY}/{@code CUDA_MPS_LOG_DIRECTORY}), waits until its socket accepts and
     * returns the pid from its pid file (remembered for clean-up).
     */
    long startDaemonByHand(Path pipe, Path log) {
        Exec launched = exec(List.of(bin.resolve(SimTools.MPS_CONTROL).toString(), "-d"),
                Map.of("CUDA_MPS_PIPE_DIRECTORY", pipe.toString(), "CUDA_MPS_LOG_DIRECTORY", log.toString()), null);
        launched.assertOk();
        await("hand-started daemon accepting on " + pipe.resolve("control"), PATIENCE,
                () -> pidFile(pipe).isPresent() && accepts(pipe.resolve("control")));
        long pid = pidFile(pipe).orElseThrow();
        remember(pid);
        assertTrue(Procs.runningDaemon(pid), "pid file names a running nvidia-cuda-mps");
        return pid;
    }

    static boolean accepts(Path socket) {
        try (PacketSocket ignored = UnixSeqPacket.connect(socket)) {
            return true;
        } catch (IOException e) {
            return false;
        }
    }

    static Optional<Long> pidFile(Path pipe) {
        try {
            String text = Files.readString(pipe.resolve("nvidia-cuda-mps-control.pid")).strip();
            return text.isEmpty() ? Optional.empty() : Optional.of(Long.parseLong(text));
        } catch (IOException | NumberFormatException e) {
            return Optional.empty();
        }
    }

    // ------------------------------------------------------------------ records and pids

    JsonNode record(String name) {
        try {
            return JSON.readTree(Files.readString(recordFile(name)));
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /** The pid of a record, remembered for clean-up. */
    long recordedPid(String name) {
        long pid = record(name).get("pid").asLong();
        remember(pid);
        return pid;
    }

    /** The pid in a start's JSON output, remembered for clean-up. */
    long pidOf(Run start) {
        long pid = start.json().get("pid").asLong();
        remember(pid);
        return pid;
    }

    void remember(long pid) {
        synchronized (pids) {
            pids.add(pid);
        }
    }

    /** Running processes that carry this test's marker (cumps runs, stand-ins, daemons). */
    List<Long> markedProcesses() {
        return Procs.runningWhere(this::startedByThisTest);
    }

    /**
     * Whether a process's environment shows this test started it: the marker (cumps runs, stand-ins
     * run by hand), or, for daemons, which get only an allowlisted environment from cumps, a pipe or
     * log directory under this test's private folder.
     */
    boolean startedByThisTest(List<String> environ) {
        String entry = MARKER_VARIABLE + "=" + marker;
        String pipeHere = "CUDA_MPS_PIPE_DIRECTORY=" + root + "/";
        String logHere = "CUDA_MPS_LOG_DIRECTORY=" + root + "/";
        return environ.stream().anyMatch(e -> e.equals(entry) || e.startsWith(pipeHere) || e.startsWith(logHere));
    }

    /** Running stand-in daemons/servers that carry this test's marker. */
    List<Long> markedDaemons() {
        return markedProcesses().stream().filter(Procs::runningDaemon).toList();
    }

    static void await(String what, Duration limit, BooleanSupplier condition) {
        long deadline = System.nanoTime() + limit.toNanos();
        while (!condition.getAsBoolean()) {
            if (System.nanoTime() > deadline) {
                fail("timed out after " + limit.toSeconds() + " s waiting for " + what);
            }
            Procs.sleep(100);
        }
    }

    // ------------------------------------------------------------------ clean-up

    /**
     * Kills, by pid, every process this test started that still runs, then fails if any process with
     * this test's marker is left, and deletes the test's folder.
     */
    @Override
    public void close() throws IOException {
        for (Process p : spawned) {
            if (p.isAlive()) {
                p.destroyForcibly();
            }
        }
        Set<Long> candidates = new LinkedHashSet<>();
        synchronized (pids) {
            candidates.addAll(pids);
        }
        candidates.addAll(pidsNamedInFiles());
        for (long pid : candidates) {
            if (Procs.running(pid) && startedByThisTest(Procs.environ(pid))) {
                Procs.kill(pid);
                Procs.awaitGone(pid, PATIENCE);
            }
        }
        List<Long> left = markedProcesses();
        for (long pid : left) {
            // Started by this test (it carries the marker) but not tracked: end it too, and report it.
            Procs.kill(pid);
        }
        sim.close();
        if (!left.isEmpty()) {
            fail("processes started by this test were still running after it: " + left);
        }
    }

    /** pids in every pid file and daemon.json under this test's folder (live, quarantined, by hand). */
    private List<Long> pidsNamedInFiles() throws IOException {
        List<Long> found = new ArrayList<>();
        try (Stream<Path> files = Files.walk(root)) {
            for (Path f : files.filter(p -> Files.isRegularFile(p, LinkOption.NOFOLLOW_LINKS)).toList()) {
                String name = f.getFileName().toString();
                if (name.equals("nvidia-cuda-mps-control.pid")) {
                    pidFile(f.getParent()).ifPresent(found::add);
                } else if (name.equals("daemon.json") && Files.size(f) <= 64 * 1024) {
                    // (a larger one is a test's huge record, which names no process)
                    try {
                        JsonNode pid = JSON.readTree(Files.readString(f)).get("pid");
                        if (pid != null && pid.canConvertToLong()) {
                            found.add(pid.asLong());
                        }
                    } catch (IOException e) {
                        // an unreadable record a test wrote on purpose
                    }
                }
            }
        }
        return found;
    }
}
