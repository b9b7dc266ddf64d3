package dev.cumps.core.host;

import java.io.FileInputStream;
import java.io.IOException;
import java.io.InputStream;
import java.net.InetAddress;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.HashMap;
import java.util.Locale;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.Set;

/**
 * Who and where the caller is: the caller's environment (read, never changed), uid, host name,
 * platform and the machine's own places ({@link HostPaths}: NVIDIA's default pipe and log
 * directories, the account's home). Services take it in their constructor and read nothing of the
 * machine's environment themselves; {@link #current()} is the one place that reads the real values,
 * tests and the simulated host build one by hand.
 */
public record HostEnvironment(Map<String, String> env, int uid, String hostname, String platform, HostPaths paths) {
    /** Variables that select an MPS daemon or a GPU: never passed on implicitly to a child. */
    public static final Set<String> CUDA_SELECTION_VARIABLES =
            Set.of("CUDA_VISIBLE_DEVICES", "CUDA_MPS_PIPE_DIRECTORY", "CUDA_MPS_LOG_DIRECTORY");
    /** Bytes read of {@code /proc/sys/kernel/hostname}: a host name has at most 64 (HOST_NAME_MAX), then a newline. */
    private static final int HOSTNAME_CAP = 256;

    public HostEnvironment {
        env = Map.copyOf(env);
        Objects.requireNonNull(paths, "paths");
    }

    /** The running process's view of the host. */
    public static HostEnvironment current() {
        return new HostEnvironment(System.getenv(), currentUid(), currentHostname(), System.getProperty("os.name", "unknown"),
                HostPaths.machine());
    }

    public Optional<String> get(String name) {
        return Optional.ofNullable(env.get(name));
    }

    public boolean isLinux() {
        return platform.toLowerCase(Locale.ROOT).startsWith("linux");
    }

    /** The platform name as Python's {@code sys.platform} spells it, which uni-cumps reports. */
    public String platformId() {
        return isLinux() ? "linux" : platform.toLowerCase(Locale.ROOT).replace(' ', '-');
    }

    /** {@code ${TMPDIR:-/tmp}}. */
    public Path tmpdir() {
        String t = env.get("TMPDIR");
        return Path.of(t == null || t.isEmpty() ? "/tmp" : t);
    }

    /** {@code $HOME}, else the account's home ({@link HostPaths#accountHome()}). */
    public Path home() {
        String h = env.get("HOME");
        return h == null || h.isEmpty() ? paths.accountHome() : Path.of(h);
    }

    /** Where a daemon started without {@code CUDA_MPS_PIPE_DIRECTORY} listens on this host ({@code /tmp/nvidia-mps}). */
    public Path nvidiaPipeDirectory() {
        return paths.nvidiaPipeDirectory();
    }

    /** Where a daemon started without {@code CUDA_MPS_LOG_DIRECTORY} logs on this host ({@code /var/log/nvidia-mps}). */
    public Path nvidiaLogDirectory() {
        return paths.nvidiaLogDirectory();
    }

    /**
     * The environment a child program starts from: the caller's, less every variable that selects
     * a GPU or an MPS daemon. Callers add exactly the CUDA variables a run needs.
     */
    public Map<String, String> childEnvironment() {
        Map<String, String> child = new HashMap<>(env);
        // A loop, not forEach(child::remove): the GPU query's thread runs this before it starts nvidia-smi, and a
        // lambda there would link the run's first lambda on that path (HostSnapshotService#read).
        for (String variable : CUDA_SELECTION_VARIABLES) {
            child.remove(variable);
        }
        return child;
    }

    public HostEnvironment withEnv(Map<String, String> overrides) {
        Map<String, String> merged = new HashMap<>(env);
        merged.putAll(overrides);
        return new HostEnvironment(merged, uid, hostname, platform, paths);
    }

    /** This caller on a host whose own places are {@code other} (the simulated host's sandbox). */
    public HostEnvironment withPaths(HostPaths other) {
        return new HostEnvironment(env, uid, hostname, platform, other);
    }

    private static int currentUid() {
        try {
            return (Integer) Files.getAttribute(Path.of("/proc/self"), "unix:uid");
        } catch (IOException | UnsupportedOperationException | IllegalArgumentException e) {
            return -1;
        }
    }

    private static String currentHostname() {
        try {
            // java.io, not Files.readString: a NIO file channel's first use loads 37 classes and probes for IPv6, which
            // a status without records otherwise never needs (docs/performance.md, round nine). The kernel's file,
            // not one anyone else shapes; a host name has at most 64 bytes.
            try (InputStream in = new FileInputStream("/proc/sys/kernel/hostname")) {
                return new String(in.readNBytes(HOSTNAME_CAP), StandardCharsets.UTF_8).strip();
            }
        } catch (IOException e) {
            try {
                return InetAddress.getLocalHost().getHostName();
            } catch (IOException ex) {
                return "localhost";
            }
        }
    }
}
