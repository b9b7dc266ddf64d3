package dev.cumps.e2e;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.cumps.sim.SimTools;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * NVIDIA's real programs, as {@code src-test/real-nvidia/fetch.sh} unpacks them from Debian non-free
 * (the src-test pom runs it before the tests and passes the folder as {@code cumps.real.nvidia}), put
 * on a {@link CumpsHarness}'s {@code PATH} in place of the stand-ins.
 *
 * <p>A missing folder or program fails the test with the command that fetches them: the real-daemon
 * suite never skips.
 */
final class RealNvidia {
    static final String FETCH = "src-test/real-nvidia/fetch.sh";
    /** The line every detached control daemon (470 to 555) writes to {@code control.log} as it starts. */
    private static final Pattern STARTED = Pattern.compile("\\[[^]]* Control +(\\d+)\\] Starting control daemon using socket (\\S+)");

    /** A process as an operator tells it apart: its pid and its start time (field 22 of {@code /proc/<pid>/stat}). */
    record Identity(long pid, long startTicks) {
        static Identity of(long pid) {
            Procs.Stat stat = Procs.stat(pid).filter(Procs.Stat::running)
                    .orElseThrow(() -> new AssertionError("pid " + pid + " is not running"));
            return new Identity(pid, stat.startTicks());
        }

        /** Whether this very process still runs (a reused pid has another start time). */
        boolean running() {
            return Procs.stat(pid).filter(Procs.Stat::running).filter(s -> s.startTicks() == startTicks).isPresent();
        }

        /** SIGKILL, after checking that the pid still is this process; through a handle, which holds the start time too. */
        void kill() {
            assertTrue(running(), () -> this + " is no longer running; nothing to kill");
            Procs.kill(pid);
        }
    }

    final String branch;
    final Path root;

    private RealNvidia(String branch, Path root) {
        this.branch = branch;
        this.root = root;
    }

    /**
     * The branches the real-daemon suite runs against: the first word of each line of
     * {@code src-test/real-nvidia/branches.txt} (system property {@code cumps.real.branches}, set by the src-test
     * pom), which fetch.sh also reads. Adding a branch is adding a line there.
     */
    static List<String> branches() {
        Path list = Path.of(System.getProperty("cumps.real.branches", "real-nvidia/branches.txt")).toAbsolutePath().normalize();
        List<String> branches;
        try {
            branches = Files.readAllLines(list).stream().map(String::strip).filter(l -> !l.isEmpty() && !l.startsWith("#"))
                    .map(l -> l.split("\\s+")[0]).toList();
        } catch (IOException e) {
            throw new UncheckedIOException("cannot read the list of NVIDIA branches " + list, e);
        }
        assertTrue(!branches.isEmpty(), list + " lists no branch");
        return branches;
    }

    /** Whether this branch's daemon writes {@code nvidia-cuda-mps-control.pid} into its pipe directory (R550 and later, measured). */
    boolean writesPidFile() {
        return Integer.parseInt(branch) >= 550;
    }

    /** Whether this branch's daemon knows the pinned-memory commands (R470 answers them {@code Unknown command "…"}, measured). */
    boolean knowsPinnedMemLimit() {
        return Integer.parseInt(branch) >= 535;
    }

    /** The folder fetch.sh fills. */
    static Path folder() {
        return Path.of(System.getProperty("cumps.real.nvidia", "target/real-nvidia")).toAbsolutePath().normalize();
    }

    /** The programs of driver branch {@code 470}, {@code 535}, ...; fails the test (never skips) when they are missing. */
    static RealNvidia branch(String branch) {
        RealNvidia real = new RealNvidia(branch, folder().resolve("r" + branch));
        assertPresent(real.root, "R" + branch + " programs");
        assertPresent(real.control(), "R" + branch + " nvidia-cuda-mps-control");
        return real;
    }

    private static void assertPresent(Path path, String what) {
        assertTrue(Files.exists(path), () -> "NVIDIA's real " + what + " are missing: " + path + " does not exist; fetch them with `bash "
                + FETCH + " " + folder() + "` (mvn runs it in generate-test-resources of src-test)");
    }

    /** The real control program of this branch. */
    Path control() {
        return root.resolve("usr/bin/nvidia-cuda-mps-control");
    }

    /** The real nvidia-smi (535 only; it needs {@link #nvidiaSmiLibraries()} on {@code LD_LIBRARY_PATH}). */
    static Path nvidiaSmi() {
        return folder().resolve("r535/usr/lib/nvidia/current/nvidia-smi");
    }

    static Path nvidiaSmiLibraries() {
        return folder().resolve("r535/usr/lib/x86_64-linux-gnu/nvidia/current");
    }

    /** Replaces the stand-in control program on the harness's PATH by a link to this branch's real one. */
    void installControl(CumpsHarness h) throws IOException {
        Path link = h.bin.resolve(SimTools.MPS_CONTROL);
        Files.deleteIfExists(link);
        Files.createSymbolicLink(link, control());
        assertEquals(control().toRealPath(), link.toRealPath());
    }

    /** Replaces the stand-in nvidia-smi on the harness's PATH by a wrapper that runs the real 535 one with its libraries. */
    static void installNvidiaSmi(CumpsHarness h) throws IOException {
        assertPresent(nvidiaSmi(), "nvidia-smi 535");
        assertPresent(nvidiaSmiLibraries(), "libnvidia-ml 535");
        Path wrapper = h.bin.resolve(SimTools.NVIDIA_SMI);
        Files.deleteIfExists(wrapper);
        Files.writeString(wrapper, "#!/bin/sh\nLD_LIBRARY_PATH=" + quoted(nvidiaSmiLibraries()) + " exec " + quoted(nvidiaSmi())
                + " \"$@\"\n");
        Files.setPosixFilePermissions(wrapper, PosixFilePermissions.fromString("rwxr-xr-x"));
    }

    private static String quoted(Path path) {
        return "'" + path.toString().replace("'", "'\\''") + "'";
    }

    /** The real executable of a running process ({@code /proc/<pid>/exe}). */
    static Path executable(long pid) {
        try {
            return Files.readSymbolicLink(Path.of("/proc", Long.toString(pid), "exe"));
        } catch (IOException e) {
            throw new UncheckedIOException("cannot read /proc/" + pid + "/exe", e);
        }
    }

    /** The pid of the newest daemon that {@code <logDir>/control.log} says started on {@code <pipe>/control}. */
    static Optional<Long> loggedDaemonPid(Path logDir, Path pipe) {
        Path log = logDir.resolve("control.log");
        if (!Files.isRegularFile(log, LinkOption.NOFOLLOW_LINKS)) {
            return Optional.empty();
        }
        String text;
        try {
            text = Files.readString(log);
        } catch (IOException e) {
            return Optional.empty();
        }
        Optional<Long> pid = Optional.empty();
        Matcher m = STARTED.matcher(text);
        while (m.find()) {
            if (m.group(2).equals(pipe.resolve("control").toString())) {
                pid = Optional.of(Long.parseLong(m.group(1)));
            }
        }
        return pid;
    }

    /**
     * Starts this branch's real control daemon by hand, as an operator would ({@code nvidia-cuda-mps-control -d}
     * with {@code CUDA_MPS_PIPE_DIRECTORY}/{@code CUDA_MPS_LOG_DIRECTORY}), waits until its {@code control.log}
     * names it and it answers on its socket, and returns it (remembered for clean-up). The pid comes from
     * {@code control.log}, since R535 writes no pid file.
     */
    Identity startByHand(CumpsHarness h, Path pipe, Path log) {
        h.exec(List.of(control().toString(), "-d"), Map.of("CUDA_MPS_PIPE_DIRECTORY", pipe.toString(), "CUDA_MPS_LOG_DIRECTORY",
                log.toString()), null).assertOk();
        CumpsHarness.await("the hand-started R" + branch + " daemon in " + log.resolve("control.log") + " and on " + pipe.resolve("control"),
                CumpsHarness.PATIENCE, () -> loggedDaemonPid(log, pipe).isPresent() && answers(h, pipe));
        long pid = loggedDaemonPid(log, pipe).orElseThrow();
        h.remember(pid);
        assertTrue(Procs.runningDaemon(pid), "control.log names a running nvidia-cuda-mps: " + pid);
        assertTrue(Procs.environ(pid).contains("CUDA_MPS_PIPE_DIRECTORY=" + pipe), "the hand-started daemon serves " + pipe);
        return Identity.of(pid);
    }

    /**
     * Whether a daemon answers on {@code pipe}: this branch's real control program, asked {@code get_server_list},
     * exits 0. (The real {@code control} socket is {@code SOCK_SEQPACKET}, so a stream connect, as
     * {@link CumpsHarness#accepts} makes, is refused with {@code EPROTOTYPE} even while the daemon serves it.)
     */
    boolean answers(CumpsHarness h, Path pipe) {
        return h.exec(List.of(control().toString()), Map.of("CUDA_MPS_PIPE_DIRECTORY", pipe.toString()), "get_server_list\n")
                .exitCode() == 0;
    }

    /**
     * The daemon's defaults as this branch's real control program reports them: {@code get_default_active_thread_percentage}
     * and {@code get_default_device_pinned_mem_limit 0}, each its reply stripped.
     */
    List<String> defaults(CumpsHarness h, Path pipe) {
        List<String> replies = new ArrayList<>();
        for (String q : List.of("get_default_active_thread_percentage", "get_default_device_pinned_mem_limit 0")) {
            replies.add(h.exec(List.of(control().toString()), Map.of("CUDA_MPS_PIPE_DIRECTORY", pipe.toString()), q + "\n").assertOk()
                    .stdout().strip());
        }
        return replies;
    }

    /** Tells the daemon on {@code pipe} to quit through this branch's real control program, and waits until it is gone. */
    void quit(CumpsHarness h, Path pipe, Identity daemon) {
        h.exec(List.of(control().toString()), Map.of("CUDA_MPS_PIPE_DIRECTORY", pipe.toString()), "quit\n").assertOk();
        CumpsHarness.await(daemon + " gone after quit", CumpsHarness.PATIENCE, () -> !daemon.running());
    }
}
