package dev.cumps.core.host;

import java.io.IOException;
import java.net.InetAddress;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.HashMap;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.Set;

/**
 * Who and where the caller is: the caller's environment (read, never changed), uid, host name and
 * platform. Services take it in their constructor; tests build one by hand.
 */
public record HostEnvironment(Map<String, String> env, int uid, String hostname, String platform) {
    /** Variables that select an MPS daemon or a GPU: never passed on implicitly to a child. */
    public static final Set<String> CUDA_SELECTION_VARIABLES =
            Set.of("CUDA_VISIBLE_DEVICES", "CUDA_MPS_PIPE_DIRECTORY", "CUDA_MPS_LOG_DIRECTORY");

    public HostEnvironment {
        env = Map.copyOf(env);
    }

    /** The running process's view of the host. */
    public static HostEnvironment current() {
        return new HostEnvironment(System.getenv(), currentUid(), currentHostname(), System.getProperty("os.name", "unknown"));
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

    public Path home() {
        String h = env.get("HOME");
        return Path.of(h == null || h.isEmpty() ? System.getProperty("user.home") : h);
    }

    /**
     * The environment a child program starts from: the caller's, less every variable that selects
     * a GPU or an MPS daemon. Callers add exactly the CUDA variables a run needs.
     */
    public Map<String, String> childEnvironment() {
        Map<String, String> child = new HashMap<>(env);
        CUDA_SELECTION_VARIABLES.forEach(child::remove);
        return child;
    }

    public HostEnvironment withEnv(Map<String, String> overrides) {
        Map<String, String> merged = new HashMap<>(env);
        merged.putAll(overrides);
        return new HostEnvironment(merged, uid, hostname, platform);
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
            return Files.readString(Path.of("/proc/sys/kernel/hostname"), StandardCharsets.UTF_8).strip();
        } catch (IOException e) {
            try {
                return InetAddress.getLocalHost().getHostName();
            } catch (IOException ex) {
                return "localhost";
            }
        }
    }
}
