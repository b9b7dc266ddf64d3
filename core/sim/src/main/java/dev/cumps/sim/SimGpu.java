package dev.cumps.sim;

import java.util.Locale;
import java.util.Objects;
import java.util.regex.Pattern;

/**
 * One simulated GPU as the {@code nvidia-smi} stand-in reports it.
 *
 * <p>Values are normalised to the spellings the real {@code nvidia-smi --query-gpu} prints:
 * compute mode {@code Default}, {@code Exclusive_Process} or {@code Prohibited}; MIG mode
 * {@code Enabled} or {@code Disabled}.
 *
 * @param uuid           {@code GPU-} followed by an 8-4-4-4-12 hexadecimal UUID
 * @param name           product name, e.g. {@code NVIDIA H100 80GB HBM3}
 * @param memoryTotalMiB framebuffer size in MiB
 * @param computeMode    compute mode; case-insensitive on input
 * @param migMode        current MIG mode; case-insensitive on input
 */
public record SimGpu(String uuid, String name, long memoryTotalMiB, String computeMode, String migMode) {

    private static final Pattern UUID = Pattern.compile(
            "GPU-[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}");

    public SimGpu {
        Objects.requireNonNull(uuid, "uuid");
        Objects.requireNonNull(name, "name");
        if (!UUID.matcher(uuid).matches()) {
            throw new IllegalArgumentException("not a GPU UUID (GPU-xxxxxxxx-xxxx-xxxx-xxxx-xxxxxxxxxxxx): " + uuid);
        }
        if (memoryTotalMiB <= 0) {
            throw new IllegalArgumentException("memoryTotalMiB must be positive: " + memoryTotalMiB);
        }
        computeMode = normaliseComputeMode(computeMode == null ? "Default" : computeMode);
        migMode = normaliseMigMode(migMode == null ? "Disabled" : migMode);
    }

    /** This GPU with another compute mode. */
    public SimGpu withComputeMode(String mode) {
        return new SimGpu(uuid, name, memoryTotalMiB, mode, migMode);
    }

    /** This GPU with another MIG mode. */
    public SimGpu withMigMode(String mode) {
        return new SimGpu(uuid, name, memoryTotalMiB, computeMode, mode);
    }

    static String normaliseComputeMode(String mode) {
        return switch (mode.trim().toLowerCase(Locale.ROOT)) {
            case "default", "0" -> "Default";
            case "exclusive_process", "3" -> "Exclusive_Process";
            case "prohibited", "2" -> "Prohibited";
            default -> throw new IllegalArgumentException(
                    "compute mode must be Default, Exclusive_Process or Prohibited: " + mode);
        };
    }

    static String normaliseMigMode(String mode) {
        return switch (mode.trim().toLowerCase(Locale.ROOT)) {
            case "enabled", "1" -> "Enabled";
            case "disabled", "0" -> "Disabled";
            default -> throw new IllegalArgumentException("MIG mode must be Enabled or Disabled: " + mode);
        };
    }
}
