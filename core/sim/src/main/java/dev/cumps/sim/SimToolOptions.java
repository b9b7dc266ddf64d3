package dev.cumps.sim;

import java.nio.file.Path;
import java.util.Objects;

/**
 * How {@link SimTools#install(Path, SimToolOptions)} writes the stand-in launchers.
 *
 * @param classpath           class path the launchers run the stand-ins from; usually
 *                            {@link SimTools#currentClasspath()}
 * @param configFile          JSON {@link SimConfig} the launchers export as {@code CUMPS_SIM_CONFIG} unless the
 *                            caller's environment already sets it; {@code null} for none
 * @param nvidiaPipeDirectory the simulated host's default pipe directory (NVIDIA's {@code /tmp/nvidia-mps}):
 *                            where the stand-ins go without {@code CUDA_MPS_PIPE_DIRECTORY}; the launchers
 *                            export it as {@value SimTools#ENV_DEFAULT_PIPE_DIRECTORY}
 * @param nvidiaLogDirectory  the same for the log directory (NVIDIA's {@code /var/log/nvidia-mps},
 *                            {@value SimTools#ENV_DEFAULT_LOG_DIRECTORY})
 */
public record SimToolOptions(String classpath, Path configFile, Path nvidiaPipeDirectory, Path nvidiaLogDirectory) {

    public SimToolOptions {
        Objects.requireNonNull(classpath, "classpath");
        if (classpath.isBlank()) {
            throw new IllegalArgumentException("classpath is empty");
        }
        nvidiaPipeDirectory = Objects.requireNonNull(nvidiaPipeDirectory, "nvidiaPipeDirectory").toAbsolutePath().normalize();
        nvidiaLogDirectory = Objects.requireNonNull(nvidiaLogDirectory, "nvidiaLogDirectory").toAbsolutePath().normalize();
    }

    /** Options whose default pipe and log directories are {@code root/nvidia-mps} and {@code root/nvidia-log}. */
    public static SimToolOptions in(Path root, String classpath, Path configFile) {
        Path r = root.toAbsolutePath().normalize();
        return new SimToolOptions(classpath, configFile, r.resolve("nvidia-mps"), r.resolve("nvidia-log"));
    }
}
