package dev.cumps.sim.testing;

import dev.cumps.core.host.HostEnvironment;
import dev.cumps.core.host.HostPaths;
import dev.cumps.sim.SimConfig;
import dev.cumps.sim.SimToolOptions;
import dev.cumps.sim.SimTools;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.FileAlreadyExistsException;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.security.SecureRandom;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.TreeMap;
import java.util.stream.Stream;

/**
 * One test's simulated NVIDIA host, shared by core's tests ({@link SimulatedHostExtension}) and the
 * end-to-end suite (through core's test-jar). See docs/testing.md.
 *
 * <p>Layout, kept short because a Unix socket path must stay under about 95 bytes: a private folder
 * {@code /tmp/<prefix>XXXX} (mode 0700, created without following links) holding {@code h/} (HOME,
 * so records go to {@code h/.cache/unilab/cuda-mps}), {@code t/} (TMPDIR, so runtime directories go
 * to {@code t/uni-cumps-<uid>}), {@code b/} (the stand-in launchers) and {@code sim.json} (the
 * simulated machine; one H100 until the test {@link #configure reconfigures} it).
 *
 * <p>{@link #environment()} is the whole environment of whatever the test runs here: nothing of the
 * test JVM's (no {@code CUDA_*}, {@code CUMPS_*} or real {@code HOME}), only {@code PATH}
 * ({@code b:/usr/bin:/bin}), this host's {@code HOME} and {@code TMPDIR}, {@code LANG}, and what
 * the test adds with {@link #env}.
 *
 * <p>{@link #close()} ends exactly the processes started here, each by pid: those the test
 * {@link #remember remembered}, those named by a pid file under the folder, and those whose
 * {@code CUDA_MPS_PIPE_DIRECTORY} or {@code CUDA_MPS_LOG_DIRECTORY} lies under the folder (daemons
 * and their servers; the folder is private, so nothing else can point there). A process qualifies
 * only if, right before the signal, its environment still shows it was started here, and the
 * signal goes through a {@link ProcessHandle}, which carries the process's start time, so a reused
 * pid is never hit. Then it deletes the folder, and fails if anything started here still runs.
 */
public final class SimHost implements AutoCloseable {
    /** How long a test waits for an event (an exit, a file, a socket) before it fails: generous, for busy machines. */
    public static final Duration PATIENCE = Duration.ofSeconds(60);
    public static final String PID_FILE = "nvidia-cuda-mps-control.pid";
    private static final SecureRandom RANDOM = new SecureRandom();
    private static final String ALPHABET = "abcdefghijklmnopqrstuvwxyz0123456789";

    public final Path root;
    public final Path home;
    public final Path tmp;
    public final Path bin;
    public final Path simConfig;
    public final int uid;
    private final String standInClassPath;
    private final Map<String, String> extraEnv = new TreeMap<>();
    private final Set<Long> remembered = new LinkedHashSet<>();

    private SimHost(Path root, String standInClassPath) throws IOException {
        this.root = root;
        this.standInClassPath = standInClassPath;
        home = Files.createDirectory(root.resolve("h"));
        tmp = Files.createDirectory(root.resolve("t"));
        bin = root.resolve("b");
        simConfig = root.resolve("sim.json");
        uid = (Integer) Files.getAttribute(Path.of("/proc/self"), "unix:uid");
    }

    /**
     * A fresh host in {@code /tmp/<prefix>XXXX} whose stand-ins run from {@code standInClassPath}
     * (the test class path, or the shipped {@code cumps.jar}), configured with one GPU.
     */
    public static SimHost create(String prefix, String standInClassPath) throws IOException {
        SimHost host = new SimHost(createRoot(prefix), standInClassPath);
        try {
            return host.configure(SimConfig.defaults(1));
        } catch (IOException | RuntimeException e) {
            host.close();
            throw e;
        }
    }

    /** {@code /tmp/<prefix>} + 4 random characters, mode 0700; never an existing path or a link. */
    private static Path createRoot(String prefix) throws IOException {
        for (int attempt = 0; attempt < 100; attempt++) {
            StringBuilder name = new StringBuilder(prefix);
            for (int i = 0; i < 4; i++) {
                name.append(ALPHABET.charAt(RANDOM.nextInt(ALPHABET.length())));
            }
            try {
                return Files.createDirectory(Path.of("/tmp", name.toString()),
                        PosixFilePermissions.asFileAttribute(PosixFilePermissions.fromString("rwx------")));
            } catch (FileAlreadyExistsException e) {
                // try another name
            }
        }
        throw new IOException("could not create a private folder /tmp/" + prefix + "XXXX");
    }

    /**
     * Writes the simulated machine to {@code sim.json} and (re)installs the launchers, which export it
     * as {@code CUMPS_SIM_CONFIG}; {@code null} removes {@code sim.json}, so the stand-ins read only
     * their environment ({@code CUMPS_SIM_*}, two GPUs by default).
     */
    public SimHost configure(SimConfig config) throws IOException {
        return configure(config, false);
    }

    /** Like {@link #configure(SimConfig)}, with the JVM launchers whether or not the machine has a {@code python3}. */
    public SimHost configureJava(SimConfig config) throws IOException {
        return configure(config, true);
    }

    private SimHost configure(SimConfig config, boolean java) throws IOException {
        if (config == null) {
            Files.deleteIfExists(simConfig);
        } else {
            config.write(simConfig);
        }
        SimToolOptions options = SimToolOptions.in(root, standInClassPath, config == null ? null : simConfig);
        if (java) {
            SimTools.installJava(bin, options);
        } else {
            SimTools.install(bin, options);
        }
        return this;
    }

    /** Adds (or with null removes) a variable of {@link #environment()}. */
    public SimHost env(String name, String value) {
        if (value == null) {
            extraEnv.remove(name);
        } else {
            extraEnv.put(name, value);
        }
        return this;
    }

    /** The whole environment of a program run on this host (see the class comment). */
    public Map<String, String> environment() {
        Map<String, String> all = new TreeMap<>();
        all.put("PATH", bin + ":/usr/bin:/bin");
        all.put("HOME", home.toString());
        all.put("TMPDIR", tmp.toString());
        all.put("LANG", "C.UTF-8");
        all.putAll(extraEnv);
        return all;
    }

    /** The caller as core sees it on this host: {@link #environment()}, this uid, this machine's name. */
    public HostEnvironment host() {
        HostEnvironment current = HostEnvironment.current();
        return new HostEnvironment(environment(), uid, current.hostname(), current.platform(), HostPaths.under(root));
    }

    /** The stand-in launcher {@code tool} ({@link SimTools#NVIDIA_SMI}, {@link SimTools#MPS_CONTROL}). */
    public Path tool(String tool) {
        return bin.resolve(tool);
    }

    /** This host's NVIDIA default pipe directory (its {@code /tmp/nvidia-mps}), where its launchers point the stand-ins. */
    public Path nvidiaPipeDirectory() {
        return HostPaths.under(root).nvidiaPipeDirectory();
    }

    public Path records() {
        return home.resolve(".cache/unilab/cuda-mps");
    }

    public Path runtimeRoot() {
        return tmp.resolve("uni-cumps-" + uid);
    }

    /** Remembers a pid the test caused to run here, so that {@link #close()} ends it if it still runs. */
    public void remember(long pid) {
        synchronized (remembered) {
            remembered.add(pid);
        }
    }

    /** The pid in {@code <pipeDir>/nvidia-cuda-mps-control.pid}, if there is one; remembered. */
    public Optional<Long> daemonPid(Path pipeDir) throws IOException {
        Optional<Long> pid = readPid(pipeDir.resolve(PID_FILE));
        pid.ifPresent(this::remember);
        return pid;
    }

    /** Whether a process's environment shows it was started on this host (a pipe or log directory under the folder). */
    public boolean startedHere(List<String> environ) {
        String pipeHere = "CUDA_MPS_PIPE_DIRECTORY=" + root + "/";
        String logHere = "CUDA_MPS_LOG_DIRECTORY=" + root + "/";
        String pathHere = "PATH=" + bin + ":";
        return environ.stream().anyMatch(e -> e.startsWith(pipeHere) || e.startsWith(logHere) || e.startsWith(pathHere));
    }

    /** Running processes whose environment shows they were started here. */
    public List<Long> runningHere() {
        List<Long> found = new ArrayList<>();
        try (Stream<Path> procs = Files.list(Path.of("/proc"))) {
            for (Path p : procs.toList()) {
                String name = p.getFileName().toString();
                if (name.chars().allMatch(Character::isDigit) && running(Long.parseLong(name))
                        && startedHere(environ(Long.parseLong(name)))) {
                    found.add(Long.parseLong(name));
                }
            }
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        found.remove(ProcessHandle.current().pid());
        return found;
    }

    /** Ends what was started here (by pid, see the class comment), deletes the folder, then fails if anything is left. */
    @Override
    public void close() throws IOException {
        Set<Long> candidates = new LinkedHashSet<>();
        synchronized (remembered) {
            candidates.addAll(remembered);
        }
        candidates.addAll(pidsInPidFiles());
        candidates.addAll(runningHere());
        for (long pid : candidates) {
            endIfStartedHere(pid);
        }
        List<Long> left = runningHere();
        left.forEach(this::endIfStartedHere);
        deleteTree(root);
        if (!left.isEmpty()) {
            throw new AssertionError("processes started on the simulated host " + root + " were still running after the test: " + left);
        }
    }

    private void endIfStartedHere(long pid) {
        Optional<ProcessHandle> handle = ProcessHandle.of(pid);
        // The handle holds the process's start time: destroying it cannot hit a reused pid.
        if (handle.isPresent() && running(pid) && startedHere(environ(pid))) {
            handle.get().destroyForcibly();
            long deadline = System.nanoTime() + PATIENCE.toNanos();
            while (running(pid) && System.nanoTime() < deadline) {
                try {
                    Thread.sleep(20);
                } catch (InterruptedException e) {
                    Thread.currentThread().interrupt();
                    return;
                }
            }
        }
    }

    private List<Long> pidsInPidFiles() throws IOException {
        if (!Files.isDirectory(root, LinkOption.NOFOLLOW_LINKS)) {
            return List.of();
        }
        List<Long> pids = new ArrayList<>();
        try (Stream<Path> files = Files.walk(root)) {
            for (Path f : files.filter(p -> p.getFileName().toString().equals(PID_FILE)).toList()) {
                readPid(f).ifPresent(pids::add);
            }
        }
        return pids;
    }

    private static Optional<Long> readPid(Path file) throws IOException {
        if (!Files.isRegularFile(file, LinkOption.NOFOLLOW_LINKS) || Files.size(file) > 64) {
            return Optional.empty();
        }
        String text = Files.readString(file, StandardCharsets.UTF_8).strip();
        return text.matches("[0-9]{1,10}") ? Optional.of(Long.parseLong(text)) : Optional.empty();
    }

    /** Whether {@code pid} runs; a zombie (nobody reaped it yet) counts as gone. */
    public static boolean running(long pid) {
        try {
            String stat = Files.readString(Path.of("/proc", Long.toString(pid), "stat"));
            char state = stat.charAt(stat.lastIndexOf(')') + 2);
            return state != 'Z' && state != 'X';
        } catch (IOException e) {
            return false;
        }
    }

    /** {@code /proc/<pid>/environ} as {@code NAME=value} entries; empty when it cannot be read. */
    public static List<String> environ(long pid) {
        try {
            byte[] raw = Files.readAllBytes(Path.of("/proc", Long.toString(pid), "environ"));
            return List.of(new String(raw, StandardCharsets.UTF_8).split("\0"));
        } catch (IOException e) {
            return List.of();
        }
    }

    /** Deletes a folder tree without following links; directories a test locked (mode 0000) are opened first. */
    public static void deleteTree(Path dir) throws IOException {
        if (!Files.exists(dir, LinkOption.NOFOLLOW_LINKS)) {
            return;
        }
        if (Files.isDirectory(dir, LinkOption.NOFOLLOW_LINKS)) {
            Files.setPosixFilePermissions(dir, PosixFilePermissions.fromString("rwx------"));
        }
        try (Stream<Path> walk = Files.walk(dir)) {
            for (Path p : walk.sorted(Comparator.reverseOrder()).toList()) {
                if (Files.isDirectory(p, LinkOption.NOFOLLOW_LINKS)) {
                    Files.setPosixFilePermissions(p, PosixFilePermissions.fromString("rwx------"));
                }
                Files.deleteIfExists(p);
            }
        }
    }
}
