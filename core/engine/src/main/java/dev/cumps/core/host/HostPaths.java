package dev.cumps.core.host;

import java.nio.file.InvalidPathException;
import java.nio.file.Path;
import java.util.Objects;

/**
 * The machine's own places that no variable of the caller names: NVIDIA's default pipe and log
 * directories (where {@code nvidia-cuda-mps-control} goes without {@code CUDA_MPS_PIPE_DIRECTORY} or
 * {@code CUDA_MPS_LOG_DIRECTORY}) and the account's home directory (Java's {@code user.home}, used only
 * when {@code HOME} is unset). They are part of {@link HostEnvironment}, never read where they are used:
 * {@link HostEnvironment#current()} takes the real ones, the simulated host and every test put them in
 * their own sandbox, so a daemon running at {@code /tmp/nvidia-mps} on this machine is not theirs to see.
 *
 * @param nvidiaPipeDirectory where a daemon started without {@code CUDA_MPS_PIPE_DIRECTORY} listens
 * @param nvidiaLogDirectory  where a daemon started without {@code CUDA_MPS_LOG_DIRECTORY} logs
 * @param accountHome         the home directory when {@code HOME} is unset or empty
 */
public record HostPaths(Path nvidiaPipeDirectory, Path nvidiaLogDirectory, Path accountHome) {
    /** NVIDIA's default pipe directory on a real machine. */
    static final Path NVIDIA_DEFAULT_PIPE_DIRECTORY = Path.of("/tmp/nvidia-mps");
    /** NVIDIA's default log directory on a real machine. */
    static final Path NVIDIA_DEFAULT_LOG_DIRECTORY = Path.of("/var/log/nvidia-mps");

    public HostPaths {
        nvidiaPipeDirectory = absolute(nvidiaPipeDirectory, "nvidiaPipeDirectory");
        nvidiaLogDirectory = absolute(nvidiaLogDirectory, "nvidiaLogDirectory");
        accountHome = absolute(accountHome, "accountHome");
    }

    /** The running machine's: NVIDIA's defaults and {@code user.home}. Only {@link HostEnvironment#current()} calls it. */
    static HostPaths machine() {
        return new HostPaths(NVIDIA_DEFAULT_PIPE_DIRECTORY, NVIDIA_DEFAULT_LOG_DIRECTORY, accountHome(System.getProperty("user.home")));
    }

    /**
     * {@code user.home} when it is an absolute path; else {@code /}. A uid without an entry in the user database
     * (a container's arbitrary uid, an account removed since) gets {@code user.home=?} from the JVM, and cumps
     * must still run: the account home is used only when {@code HOME} is unset.
     */
    static Path accountHome(String userHome) {
        if (userHome == null || !userHome.startsWith("/")) {
            return Path.of("/");
        }
        try {
            return Path.of(userHome);
        } catch (InvalidPathException e) {
            return Path.of("/");
        }
    }

    /**
     * A private set under {@code root}: {@code root/nvidia-mps}, {@code root/nvidia-log} and
     * {@code root/home} (short names: {@code <pipe>/control} must stay within the socket path limit).
     * Nothing is created.
     */
    public static HostPaths under(Path root) {
        Path r = root.toAbsolutePath().normalize();
        return new HostPaths(r.resolve("nvidia-mps"), r.resolve("nvidia-log"), r.resolve("home"));
    }

    /** These paths with another default pipe and log directory (the account home kept). */
    public HostPaths withNvidia(Path pipeDirectory, Path logDirectory) {
        return new HostPaths(pipeDirectory, logDirectory, accountHome);
    }

    private static Path absolute(Path p, String what) {
        Objects.requireNonNull(p, what);
        if (!p.isAbsolute()) {
            throw new IllegalArgumentException(what + " must be absolute: " + p);
        }
        return p.normalize();
    }
}
