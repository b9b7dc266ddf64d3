package dev.cumps.sim;

import com.fasterxml.jackson.annotation.JsonCreator;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.SerializationFeature;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Objects;

/**
 * What the simulated machine looks like: driver, GPUs and the faults the stand-ins inject.
 *
 * <p>The stand-ins read it with {@link #fromEnvironment(Map)}: the JSON file named by
 * {@code CUMPS_SIM_CONFIG} if that is set, else {@link #defaults(int) defaults(2)}; then the
 * {@code CUMPS_SIM_*} overrides listed in docs/simulator.md.
 *
 * @param driverVersion  what {@code nvidia-smi --query-gpu=driver_version} prints
 * @param gpus           the GPUs, in index order; at least one
 * @param smiFault       fault injected into {@code nvidia-smi}; {@code null} reads as {@link SmiFault#NONE}
 * @param mpsFault       fault injected into {@code nvidia-cuda-mps-control}; {@code null} reads as {@link MpsFault#NONE}
 * @param mpsSlowMillis  delay before a {@link MpsFault#SLOW} daemon binds its sockets; 0 or less reads as
 *                       {@value #DEFAULT_SLOW_MILLIS}
 * @param driverBranch   the driver branch whose control daemon the stand-in speaks like ({@code "driverBranch":
 *                       "535"} in sim.json); {@code null} reads as {@link DriverProfile#NEWEST}
 */
public record SimConfig(String driverVersion, List<SimGpu> gpus, SmiFault smiFault, MpsFault mpsFault,
        long mpsSlowMillis, DriverProfile driverBranch) {

    /** Environment variable naming the JSON config file. */
    public static final String ENV_CONFIG = "CUMPS_SIM_CONFIG";
    /** Environment override: number of default GPUs (replaces the GPU list). */
    public static final String ENV_GPUS = "CUMPS_SIM_GPUS";
    /** Environment override: compute mode of every GPU. */
    public static final String ENV_COMPUTE_MODE = "CUMPS_SIM_COMPUTE_MODE";
    /** Environment override: MIG mode of every GPU ({@code Enabled} or {@code Disabled}). */
    public static final String ENV_MIG = "CUMPS_SIM_MIG";
    /** Environment override: {@link SmiFault} token. */
    public static final String ENV_SMI_FAULT = "CUMPS_SIM_SMI_FAULT";
    /** Environment override: {@link MpsFault} token. */
    public static final String ENV_MPS_FAULT = "CUMPS_SIM_MPS_FAULT";
    /** Environment override: {@link #mpsSlowMillis()}. */
    public static final String ENV_MPS_SLOW_MS = "CUMPS_SIM_MPS_SLOW_MS";
    /** Environment override: {@link DriverProfile} branch ({@code 470}, {@code 535}, {@code 550}, {@code 555}); see {@link #withDriver}. */
    public static final String ENV_DRIVER = "CUMPS_SIM_DRIVER";

    /** Driver version of {@link #defaults(int)}. */
    public static final String DEFAULT_DRIVER = "550.54.15";
    /** Delay of the {@link MpsFault#SLOW} fault when none is configured. */
    public static final long DEFAULT_SLOW_MILLIS = 3000;

    private static final ObjectMapper JSON = new ObjectMapper().enable(SerializationFeature.INDENT_OUTPUT);

    @JsonCreator
    public SimConfig {
        Objects.requireNonNull(driverVersion, "driverVersion");
        gpus = List.copyOf(Objects.requireNonNull(gpus, "gpus"));
        if (gpus.isEmpty()) {
            throw new IllegalArgumentException("a simulated machine needs at least one GPU");
        }
        smiFault = smiFault == null ? SmiFault.NONE : smiFault;
        mpsFault = mpsFault == null ? MpsFault.NONE : mpsFault;
        mpsSlowMillis = mpsSlowMillis <= 0 ? DEFAULT_SLOW_MILLIS : mpsSlowMillis;
        driverBranch = driverBranch == null ? DriverProfile.NEWEST : driverBranch;
    }

    /** A config of the newest driver branch ({@link DriverProfile#NEWEST}). */
    public SimConfig(String driverVersion, List<SimGpu> gpus, SmiFault smiFault, MpsFault mpsFault, long mpsSlowMillis) {
        this(driverVersion, gpus, smiFault, mpsFault, mpsSlowMillis, DriverProfile.NEWEST);
    }

    /**
     * A deterministic machine of {@code gpuCount} H100s: GPU {@code i} has UUID
     * {@code GPU-5f0c1a2e-0000-4000-8000-} followed by {@code i} as 12 hex digits, 81559 MiB,
     * compute mode {@code Exclusive_Process}, MIG {@code Disabled}; driver {@value #DEFAULT_DRIVER}.
     */
    public static SimConfig defaults(int gpuCount) {
        if (gpuCount < 1) {
            throw new IllegalArgumentException("gpuCount must be at least 1: " + gpuCount);
        }
        List<SimGpu> gpus = new ArrayList<>();
        for (int i = 0; i < gpuCount; i++) {
            gpus.add(new SimGpu(String.format("GPU-5f0c1a2e-0000-4000-8000-%012x", i), "NVIDIA H100 80GB HBM3",
                    81559, "Exclusive_Process", "Disabled"));
        }
        return new SimConfig(DEFAULT_DRIVER, gpus, SmiFault.NONE, MpsFault.NONE, DEFAULT_SLOW_MILLIS);
    }

    /** This config with another {@code nvidia-smi} fault. */
    public SimConfig withSmiFault(SmiFault fault) {
        return new SimConfig(driverVersion, gpus, fault, mpsFault, mpsSlowMillis, driverBranch);
    }

    /** This config with another {@code nvidia-cuda-mps-control} fault. */
    public SimConfig withMpsFault(MpsFault fault) {
        return new SimConfig(driverVersion, gpus, smiFault, fault, mpsSlowMillis, driverBranch);
    }

    /** This config with other GPUs. */
    public SimConfig withGpus(List<SimGpu> newGpus) {
        return new SimConfig(driverVersion, newGpus, smiFault, mpsFault, mpsSlowMillis, driverBranch);
    }

    /**
     * This config speaking like another driver branch, with that branch's driver version
     * ({@link DriverProfile#driverVersion()}) for {@code nvidia-smi}.
     */
    public SimConfig withDriver(DriverProfile profile) {
        return new SimConfig(profile.driverVersion(), gpus, smiFault, mpsFault, mpsSlowMillis, profile);
    }

    /** Writes this config as JSON, replacing {@code file}. */
    public void write(Path file) throws IOException {
        Path parent = file.toAbsolutePath().getParent();
        if (parent != null) {
            Files.createDirectories(parent);
        }
        Files.writeString(file, JSON.writeValueAsString(this) + "\n");
    }

    /** Reads a config written by {@link #write(Path)} (or by hand; see docs/simulator.md). */
    public static SimConfig load(Path file) throws IOException {
        try {
            return JSON.readValue(file.toFile(), SimConfig.class);
        } catch (IllegalArgumentException e) {
            throw new IOException("invalid simulator config " + file + ": " + e.getMessage(), e);
        }
    }

    /**
     * The config the stand-ins use in an environment: the file named by {@value #ENV_CONFIG} if
     * set and non-empty, else {@code defaults(2)}; then the {@code CUMPS_SIM_*} overrides.
     *
     * @throws IOException              if the config file cannot be read
     * @throws IllegalArgumentException if an override has an invalid value
     */
    public static SimConfig fromEnvironment(Map<String, String> env) throws IOException {
        String file = env.get(ENV_CONFIG);
        SimConfig config = file == null || file.isEmpty() ? defaults(2) : load(Path.of(file));
        String count = env.get(ENV_GPUS);
        if (isSet(count)) {
            config = config.withGpus(defaults(parseInt(ENV_GPUS, count)).gpus());
        }
        String computeMode = env.get(ENV_COMPUTE_MODE);
        if (isSet(computeMode)) {
            config = config.withGpus(config.gpus().stream().map(g -> g.withComputeMode(computeMode)).toList());
        }
        String mig = env.get(ENV_MIG);
        if (isSet(mig)) {
            config = config.withGpus(config.gpus().stream().map(g -> g.withMigMode(mig)).toList());
        }
        if (isSet(env.get(ENV_SMI_FAULT))) {
            config = config.withSmiFault(SmiFault.of(env.get(ENV_SMI_FAULT)));
        }
        if (isSet(env.get(ENV_MPS_FAULT))) {
            config = config.withMpsFault(MpsFault.of(env.get(ENV_MPS_FAULT)));
        }
        String slow = env.get(ENV_MPS_SLOW_MS);
        if (isSet(slow)) {
            config = new SimConfig(config.driverVersion(), config.gpus(), config.smiFault(), config.mpsFault(),
                    parseInt(ENV_MPS_SLOW_MS, slow), config.driverBranch());
        }
        if (isSet(env.get(ENV_DRIVER))) {
            config = config.withDriver(DriverProfile.of(env.get(ENV_DRIVER)));
        }
        return config;
    }

    private static boolean isSet(String value) {
        return value != null && !value.isBlank();
    }

    private static int parseInt(String name, String value) {
        try {
            return Integer.parseInt(value.trim());
        } catch (NumberFormatException e) {
            throw new IllegalArgumentException(name + " must be an integer: " + value, e);
        }
    }
}
