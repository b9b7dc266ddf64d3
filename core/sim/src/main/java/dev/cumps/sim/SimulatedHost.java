package dev.cumps.sim;

import dev.cumps.core.host.HostEnvironment;
import dev.cumps.core.message.CumpsException;
import dev.cumps.core.message.Message;
import java.io.IOException;
import java.nio.file.DirectoryNotEmptyException;
import java.nio.file.FileAlreadyExistsException;
import java.nio.file.FileVisitResult;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.nio.file.SimpleFileVisitor;
import java.nio.file.attribute.BasicFileAttributes;
import java.nio.file.attribute.PosixFilePermissions;
import java.security.SecureRandom;
import java.util.HashMap;
import java.util.Map;
import java.util.Optional;

/**
 * A self-contained simulated NVIDIA host for {@code --simulate}: the stand-in tools first on
 * {@code PATH}, a private record root and a private runtime root ({@code TMPDIR}) in one sandbox
 * folder, two GPUs by default. The product runs unchanged against it; only its environment
 * differs. The CLI's sandbox is per user and persists until {@code cumps --simulate reset}; the
 * console's is private to one run and removed when it exits.
 */
public final class SimulatedHost {

    /** How often {@link #remove()} walks a sandbox that keeps filling up before it gives up. */
    private static final int REMOVE_ATTEMPTS = 10;
    private final HostEnvironment host;
    private final Path root;

    private SimulatedHost(HostEnvironment host, Path root) {
        this.host = host;
        this.root = root.toAbsolutePath().normalize();
    }

    /** The CLI's per-user sandbox, {@code ${TMPDIR:-/tmp}/cumps-sim-<uid>}. */
    public static SimulatedHost forCli(HostEnvironment host) {
        return new SimulatedHost(host, host.tmpdir().resolve("cumps-sim-" + host.uid()));
    }

    /**
     * A fresh sandbox for one console run, {@code ${TMPDIR:-/tmp}/csim-<6 random>}; call
     * {@link #remove()} when the console exits. The name is short on purpose: default control
     * socket paths inside it must stay within the 95-byte limit. It is created 0700 under a name
     * nobody else holds and checked like the CLI's.
     */
    public static SimulatedHost fresh(HostEnvironment host) {
        SecureRandom random = new SecureRandom();
        try {
            Files.createDirectories(host.tmpdir());
            SandboxCheck.requireSafeParents(host.tmpdir().resolve("csim-"), host.uid());
            for (int attempt = 0; attempt < 100; attempt++) {
                String suffix = Long.toString(random.nextInt(Integer.MAX_VALUE), 36);
                Path root = host.tmpdir().resolve("csim-" + suffix);
                try {
                    Files.createDirectory(root, PosixFilePermissions.asFileAttribute(PosixFilePermissions.fromString("rwx------")));
                    SimulatedHost sim = new SimulatedHost(host, root);
                    sim.check();
                    return sim;
                } catch (FileAlreadyExistsException taken) {
                    // Try another name.
                }
            }
            throw new IOException("no free sandbox name");
        } catch (IOException e) {
            throw new CumpsException(Message.of(SimMessages.SANDBOX_CANNOT_CREATE, host.tmpdir(), String.valueOf(e.getMessage())));
        }
    }

    /**
     * The console sandbox at {@code root}, made by {@link #fresh} for a console that has since ended
     * without removing it (its window system went away): a {@code csim-} folder directly in
     * {@code host}'s {@code TMPDIR}, else a one-line {@link CumpsException}. {@link #check()} it before use.
     */
    public static SimulatedHost abandoned(HostEnvironment host, Path root) {
        Path normal = root.toAbsolutePath().normalize();
        Path name = normal.getFileName();
        if (name == null || !name.toString().startsWith("csim-")
                || !host.tmpdir().toAbsolutePath().normalize().equals(normal.getParent())) {
            throw new CumpsException(Message.of(SimMessages.SANDBOX_NOT_CONSOLE, root, host.tmpdir()));
        }
        return new SimulatedHost(host, normal);
    }

    public Path root() {
        return root;
    }

    public Path bin() {
        return root.resolve("bin");
    }

    public Path config() {
        return root.resolve("sim.json");
    }

    public Path records() {
        return root.resolve("records");
    }

    /** Where runtime directories go: the sandbox's {@code TMPDIR}. */
    public Path runtimeTmp() {
        return root.resolve("rt");
    }

    /**
     * The simulated host's NVIDIA default pipe directory (its {@code /tmp/nvidia-mps}): where a stand-in
     * daemon started without {@code CUDA_MPS_PIPE_DIRECTORY} listens, and where the product looks for one.
     */
    public Path nvidiaPipeDirectory() {
        return root.resolve("nvidia-mps");
    }

    /** The simulated host's NVIDIA default log directory (its {@code /var/log/nvidia-mps}). */
    public Path nvidiaLogDirectory() {
        return root.resolve("nvidia-log");
    }

    /** Whether anything (a directory, a link, a file) is at the sandbox's path; links are not followed. */
    public boolean exists() {
        return Files.exists(root, LinkOption.NOFOLLOW_LINKS);
    }

    /**
     * Refuses, with a one-line {@link CumpsException} that says what to do, a sandbox that is not
     * the caller's private directory (a link, another user's, not 0700, or under a folder others
     * can change). Called before anything is written into the sandbox or run from it.
     */
    public void check() {
        SandboxCheck.requirePrivate(root, host.uid());
    }

    /** Creates the sandbox if needed and (re)writes the stand-in launchers for the running code. */
    public SimulatedHost install() {
        try {
            if (!exists()) {
                Files.createDirectories(root.getParent());
                SandboxCheck.requireSafeParents(root, host.uid());
                try {
                    Files.createDirectory(root, PosixFilePermissions.asFileAttribute(PosixFilePermissions.fromString("rwx------")));
                } catch (FileAlreadyExistsException raced) {
                    // Someone created it meanwhile: the check below decides whether it can be used.
                }
            }
            check();
            for (Path dir : new Path[] {records(), runtimeTmp()}) {
                if (!Files.isDirectory(dir)) {
                    Files.createDirectories(dir);
                    Files.setPosixFilePermissions(dir, PosixFilePermissions.fromString("rwx------"));
                }
            }
            // CUMPS_SIM_DRIVER picks the control daemon's driver profile for the sandbox: the daemon cumps starts
            // gets no CUMPS_SIM_* variable, so the choice goes into sim.json, which its launcher names.
            Optional<DriverProfile> driver = host.get(SimConfig.ENV_DRIVER).filter(v -> !v.isBlank()).map(DriverProfile::of);
            if (!Files.exists(config()) || driver.isPresent()) {
                SimConfig config = Files.exists(config()) ? SimConfig.load(config()) : SimConfig.defaults(2);
                driver.map(config::withDriver).orElse(config).write(config());
            }
            SimTools.install(bin(), new SimToolOptions(SimTools.currentClasspath(), config(), nvidiaPipeDirectory(),
                    nvidiaLogDirectory()));
            // Written 0755 a moment ago: if the kernel still will not run it, the file system forbids running
            // programs (mounted noexec, as $TMPDIR often is). Said here, not later as "not found on PATH".
            if (!Files.isExecutable(bin().resolve(SimTools.MPS_CONTROL))) {
                throw new CumpsException(Message.of(SimMessages.SANDBOX_NOEXEC, bin()));
            }
        } catch (IOException | IllegalArgumentException e) {
            throw new CumpsException(Message.of(SimMessages.SANDBOX_CANNOT_PREPARE, root, String.valueOf(e.getMessage())));
        }
        return this;
    }

    /**
     * The caller's environment with the stand-ins first on PATH and the sandbox as TMPDIR, on a host
     * whose NVIDIA default directories are the sandbox's: the machine's own {@code /tmp/nvidia-mps}
     * is not part of the simulated host.
     */
    public HostEnvironment environment() {
        Map<String, String> overrides = new HashMap<>();
        String path = host.get("PATH").filter(p -> !p.isEmpty()).orElse("/usr/local/bin:/usr/bin:/bin");
        overrides.put("PATH", bin() + ":" + path);
        overrides.put("TMPDIR", runtimeTmp().toString());
        overrides.put(SimConfig.ENV_CONFIG, config().toString());
        return host.withEnv(overrides).withPaths(host.paths().withNvidia(nvidiaPipeDirectory(), nvidiaLogDirectory()));
    }

    /**
     * Installs the sandbox and returns what the product runs with: the environment with the
     * stand-ins first on PATH, and the record root ({@code records} overrides the sandbox's own).
     */
    public Prepared prepare(Optional<Path> records) {
        install();
        return new Prepared(environment(), records.orElse(records()));
    }

    /** The environment and record root the product runs with against this sandbox. */
    public record Prepared(HostEnvironment environment, Path recordRoot) {
    }

    /**
     * Deletes the sandbox folder after {@link #check()}: a link or another user's folder is refused,
     * and links inside are removed, never followed. Stop its daemons first (the services' stopAll).
     */
    public void remove() {
        if (!exists()) {
            return;
        }
        check();
        // A simulated process that is still ending may add or remove a file during the walk: a file
        // already gone is fine, and a folder that filled up again is walked again (a few times).
        for (int attempt = 1; ; attempt++) {
            try {
                removeTree();
                return;
            } catch (DirectoryNotEmptyException e) {
                if (attempt >= REMOVE_ATTEMPTS) {
                    throw new CumpsException(Message.of(SimMessages.SANDBOX_CANNOT_REMOVE, root, String.valueOf(e.getMessage())));
                }
                backOff(attempt);
            } catch (IOException e) {
                throw new CumpsException(Message.of(SimMessages.SANDBOX_CANNOT_REMOVE, root, String.valueOf(e.getMessage())));
            }
        }
    }

    /** A short pause before walking again, growing with each attempt (100 ms, 200 ms, …). */
    private static void backOff(int attempt) {
        try {
            Thread.sleep(100L * attempt);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }

    private void removeTree() throws IOException {
        if (!Files.exists(root, LinkOption.NOFOLLOW_LINKS)) {
            return;
        }
        Files.walkFileTree(root, new SimpleFileVisitor<>() {
            @Override
            public FileVisitResult visitFile(Path file, BasicFileAttributes attrs) throws IOException {
                Files.deleteIfExists(file);
                return FileVisitResult.CONTINUE;
            }

            @Override
            public FileVisitResult visitFileFailed(Path file, IOException exc) throws IOException {
                if (exc instanceof NoSuchFileException) {
                    return FileVisitResult.CONTINUE;
                }
                throw exc;
            }

            @Override
            public FileVisitResult postVisitDirectory(Path dir, IOException exc) throws IOException {
                if (exc != null && !(exc instanceof NoSuchFileException)) {
                    throw exc;
                }
                Files.deleteIfExists(dir);
                return FileVisitResult.CONTINUE;
            }
        });
    }
}
