package dev.cumps.sim;

import static org.junit.jupiter.api.Assertions.fail;

import dev.cumps.core.posix.PacketSocket;
import dev.cumps.core.posix.UnixSeqPacket;
import dev.cumps.sim.testing.SimHost;
import dev.cumps.sim.testing.SimulatedHostExtension;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.OptionalLong;
import java.util.concurrent.TimeUnit;
import java.util.function.BooleanSupplier;

/**
 * The stand-ins of one test's {@link SimHost} (from {@link SimulatedHostExtension}), run as real
 * processes: short pipe and log directories in the host's folder (Unix socket paths are limited to
 * about 107 bytes), and every daemon and server pid seen remembered with the host, which ends exactly
 * those processes after the test.
 */
final class SimMachine {

    /** What one run of a stand-in did. */
    record Run(int exitCode, String stdout, String stderr, boolean timedOut, Duration took) {
    }

    /** How long a test waits for an event (a socket, a pid file, an exit) before it fails: generous, for busy machines. */
    static final Duration PATIENCE = SimHost.PATIENCE;

    final SimHost host;
    final Path root;
    final Path bin;
    final Path pipe;
    final Path logs;
    final Map<String, String> env = new HashMap<>();

    /** The stand-ins of {@code host}, configured with {@code config} ({@code null}: no config file, environment only). */
    SimMachine(SimHost host, SimConfig config) throws IOException {
        this.host = host.configure(config);
        root = host.root;
        bin = host.bin;
        pipe = root.resolve("pipe");
        logs = root.resolve("log");
        env.put("CUDA_MPS_PIPE_DIRECTORY", pipe.toString());
        env.put("CUDA_MPS_LOG_DIRECTORY", logs.toString());
    }

    Run run(String tool, String stdin, Duration timeout, String... args) throws IOException, InterruptedException {
        List<String> command = new ArrayList<>();
        command.add(bin.resolve(tool).toString());
        command.addAll(List.of(args));
        Path out = Files.createTempFile(root, "out", ".txt");
        Path err = Files.createTempFile(root, "err", ".txt");
        ProcessBuilder builder = new ProcessBuilder(command).redirectOutput(out.toFile()).redirectError(err.toFile());
        builder.environment().clear();
        builder.environment().putAll(environment());
        long start = System.nanoTime();
        Process process = builder.start();
        try (var in = process.getOutputStream()) {
            if (stdin != null) {
                in.write(stdin.getBytes(StandardCharsets.UTF_8));
            }
        } catch (IOException e) {
            // the tool exited without reading its input
        }
        boolean finished = process.waitFor(timeout.toMillis(), TimeUnit.MILLISECONDS);
        if (!finished) {
            process.destroyForcibly();
            process.waitFor(5, TimeUnit.SECONDS);
        }
        Duration took = Duration.ofNanos(System.nanoTime() - start);
        return new Run(finished ? process.exitValue() : -1, Files.readString(out), Files.readString(err), !finished,
                took);
    }

    Run mps(String stdin, String... args) throws IOException, InterruptedException {
        return run(SimTools.MPS_CONTROL, stdin, PATIENCE, args);
    }

    Run smi(String... args) throws IOException, InterruptedException {
        return run(SimTools.NVIDIA_SMI, null, PATIENCE, args);
    }

    /**
     * Starts a daemon with {@code -d} and waits until a new pid is in the pid file and
     * {@code control} accepts connections (a stale socket file from an earlier daemon does not);
     * returns that pid.
     */
    long startDaemon() throws IOException, InterruptedException {
        OptionalLong before = daemonPid();
        Run run = mps(null, "-d");
        if (run.exitCode() != 0) {
            fail("nvidia-cuda-mps-control -d failed: " + run);
        }
        awaitTrue("a new daemon accepting on its control socket", PATIENCE, () -> {
            try {
                OptionalLong now = daemonPid();
                return now.isPresent() && !now.equals(before) && accepts(pipe.resolve("control"));
            } catch (IOException e) {
                return false;
            }
        });
        return daemonPid().orElseThrow();
    }

    private static boolean accepts(Path socket) {
        try (PacketSocket ignored = UnixSeqPacket.connect(socket)) {
            return true;
        } catch (IOException e) {
            return false;
        }
    }

    /** The pid in the pid file, if there is one; remembered for {@link #close()}. */
    OptionalLong daemonPid() throws IOException {
        Path file = pipe.resolve("nvidia-cuda-mps-control.pid");
        if (!Files.exists(file)) {
            return OptionalLong.empty();
        }
        String text = Files.readString(file).strip();
        if (text.isEmpty()) {
            return OptionalLong.empty();
        }
        long pid = Long.parseLong(text);
        remember(pid);
        return OptionalLong.of(pid);
    }

    /**
     * The whole environment of a stand-in run: the host's explicit environment ({@link SimHost#environment()}:
     * nothing inherited from the test JVM) plus {@link #env} (the pipe and log directories, plus what a test adds).
     */
    Map<String, String> environment() {
        Map<String, String> all = new HashMap<>(host.environment());
        all.putAll(env);
        return all;
    }

    void remember(long pid) {
        host.remember(pid);
    }

    String controlLog() throws IOException {
        Path file = logs.resolve("control.log");
        return Files.exists(file) ? Files.readString(file) : "";
    }

    /** Whether {@code pid} is a live process; a zombie (nobody reaped it yet) counts as gone. */
    static boolean running(long pid) {
        return SimHost.running(pid);
    }

    /** Field 2 of /proc/PID/stat: the process name, without its parentheses. */
    static String comm(long pid) {
        String stat = stat(pid);
        return stat == null ? null : stat.substring(stat.indexOf('(') + 1, stat.lastIndexOf(')'));
    }

    private static String stat(long pid) {
        try {
            return Files.readString(Path.of("/proc", Long.toString(pid), "stat"));
        } catch (IOException e) {
            return null;
        }
    }

    static void awaitTrue(String what, Duration timeout, BooleanSupplier condition) throws InterruptedException {
        long deadline = System.nanoTime() + timeout.toNanos();
        while (!condition.getAsBoolean()) {
            if (System.nanoTime() > deadline) {
                fail("timed out after " + timeout + " waiting for " + what);
            }
            Thread.sleep(25);
        }
    }

}
