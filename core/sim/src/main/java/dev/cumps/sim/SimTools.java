package dev.cumps.sim;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.nio.file.attribute.PosixFilePermissions;

/**
 * Installs the stand-ins for NVIDIA's {@code nvidia-smi} and {@code nvidia-cuda-mps-control} as
 * real executables, so that whatever runs them (the product, an end-to-end test, a person) cannot
 * tell them from the real tools by how they are started.
 *
 * <p>Where a {@code python3} is on {@code PATH} ({@link Python3}), each stand-in is a Python 3 script
 * ({@code standin.py}, started in milliseconds) that mirrors {@link NvidiaSmiMain} and the client and
 * {@code -d} modes of {@link MpsControlMain} byte for byte, and runs the control daemon itself as
 * {@code java ... MpsControlMain}. Otherwise each launcher is a POSIX {@code sh} script that
 * {@code exec}s the running JVM's {@code java} on {@link NvidiaSmiMain} or {@link MpsControlMain}.
 * The scripts' text is {@link LauncherScripts}'; the class path they run from, {@link StandInClasspath}'.
 * What the stand-ins mirror, and the NVIDIA MPS documentation each behaviour follows, is listed in
 * docs/simulator.md.
 */
public final class SimTools {

    /** File name of the {@code nvidia-smi} launcher. */
    public static final String NVIDIA_SMI = "nvidia-smi";
    /** File name of the {@code nvidia-cuda-mps-control} launcher. */
    public static final String MPS_CONTROL = "nvidia-cuda-mps-control";
    /**
     * The simulated host's default pipe directory, exported by every launcher: where the stand-ins go
     * without {@code CUDA_MPS_PIPE_DIRECTORY}, as NVIDIA's tools go to {@code /tmp/nvidia-mps}. The
     * machine's own {@code /tmp/nvidia-mps} is never the simulated host's.
     */
    public static final String ENV_DEFAULT_PIPE_DIRECTORY = "CUMPS_SIM_NVIDIA_PIPE_DIRECTORY";
    /** The same for the log directory (NVIDIA's {@code /var/log/nvidia-mps}). */
    public static final String ENV_DEFAULT_LOG_DIRECTORY = "CUMPS_SIM_NVIDIA_LOG_DIRECTORY";

    private SimTools() {
    }

    /**
     * Writes the launchers {@value #NVIDIA_SMI} and {@value #MPS_CONTROL} (mode 0755) into
     * {@code binDir}, creating it. If the options name a config file that exists and says
     * {@code "smiFault": "missing"}, no {@value #NVIDIA_SMI} is written and an old one is removed,
     * so that the product finds no {@code nvidia-smi} on that {@code PATH}.
     */
    public static void install(Path binDir, SimToolOptions options) throws IOException {
        install(binDir, options, Python3.find().orElse(null));
    }

    /**
     * Like {@link #install(Path, SimToolOptions)}, but always writes the JVM launchers (the
     * reference implementation the Python stand-ins are compared with).
     */
    public static void installJava(Path binDir, SimToolOptions options) throws IOException {
        install(binDir, options, null);
    }

    /**
     * The class path the stand-ins can run from in this JVM; see {@link StandInClasspath#current()}.
     */
    public static String currentClasspath() {
        return StandInClasspath.current();
    }

    private static void install(Path binDir, SimToolOptions options, Path python) throws IOException {
        Files.createDirectories(binDir);
        Path config = options.configFile() == null ? null : options.configFile().toAbsolutePath();
        boolean smiMissing = config != null && Files.exists(config)
                && SimConfig.load(config).smiFault() == SmiFault.MISSING;
        String classpath = StandInClasspath.absolute(options.classpath());
        if (smiMissing) {
            Files.deleteIfExists(binDir.resolve(NVIDIA_SMI));
        } else {
            writeExecutable(binDir.resolve(NVIDIA_SMI), python == null
                    ? LauncherScripts.jvmLauncher(NvidiaSmiMain.class, classpath, config, options)
                    : LauncherScripts.pythonStandIn(python, NVIDIA_SMI, classpath, config, options));
        }
        writeExecutable(binDir.resolve(MPS_CONTROL), python == null
                ? LauncherScripts.jvmLauncher(MpsControlMain.class, classpath, config, options)
                : LauncherScripts.pythonStandIn(python, MPS_CONTROL, classpath, config, options));
    }

    private static void writeExecutable(Path target, String text) throws IOException {
        Path temp = Files.createTempFile(target.getParent(), "." + target.getFileName(), ".tmp");
        try {
            Files.writeString(temp, text);
            Files.setPosixFilePermissions(temp, PosixFilePermissions.fromString("rwxr-xr-x"));
            Files.move(temp, target, StandardCopyOption.REPLACE_EXISTING, StandardCopyOption.ATOMIC_MOVE);
        } finally {
            Files.deleteIfExists(temp);
        }
    }
}
