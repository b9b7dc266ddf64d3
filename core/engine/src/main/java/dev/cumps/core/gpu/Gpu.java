package dev.cumps.core.gpu;

import dev.cumps.core.message.Message;
import java.util.Locale;
import java.util.Optional;

/**
 * One GPU as nvidia-smi reports it. Fields nvidia-smi could not give are empty rather than made up.
 *
 * @param computeMode as nvidia-smi prints it: {@code Default}, {@code Exclusive_Process}, {@code Prohibited}
 * @param migMode            {@code Enabled}, {@code Disabled}, or empty when the GPU has no MIG support
 * @param utilizationPercent {@code utilization.gpu} at the moment of the query; empty where nvidia-smi prints
 *                           {@code [N/A]} or {@code [Not Supported]}
 * @param memoryUsedMiB      {@code memory.used} at the moment of the query; empty where unknown
 */
public record Gpu(int index, GpuUuid uuid, String name, String computeMode, Optional<Long> memoryTotalMiB,
                  Optional<String> migMode, Optional<String> driverVersion, Optional<String> pciBusId,
                  Optional<Integer> utilizationPercent, Optional<Long> memoryUsedMiB) {

    /** A GPU whose load is not known (the form before the load fields were asked for). */
    public Gpu(int index, GpuUuid uuid, String name, String computeMode, Optional<Long> memoryTotalMiB,
               Optional<String> migMode, Optional<String> driverVersion, Optional<String> pciBusId) {
        this(index, uuid, name, computeMode, memoryTotalMiB, migMode, driverVersion, pciBusId, Optional.empty(),
                Optional.empty());
    }

    public boolean migEnabled() {
        return migMode.map(m -> m.strip().toLowerCase(Locale.ROOT).startsWith("enabled")).orElse(false);
    }

    /**
     * Whether {@code other} is this GPU: the same index and UUID, whatever its load at the moment of each query. Not the
     * record's generated {@code equals}, whose first call in a JVM links {@code java.lang.runtime.ObjectMethods} and spins
     * about 20 method-handle classes the class-data archive cannot hold (18 ms of a 130 ms {@code cumps doctor};
     * docs/performance.md).
     */
    public boolean sameGpu(Gpu other) {
        return index == other.index && uuid.value().equals(other.uuid.value());
    }

    public ComputeMode mode() {
        return ComputeMode.of(computeMode);
    }

    /**
     * The compute mode as the GPU table shows it: a known mode by its nvidia-smi name (translated
     * with the raw name kept), anything else as printed.
     */
    public Message computeModeMessage() {
        return computeModeMessage(computeMode);
    }

    /** {@link #computeModeMessage()} for a compute mode as nvidia-smi printed it (a remote host's report, say). */
    public static Message computeModeMessage(String computeMode) {
        return switch (ComputeMode.of(computeMode)) {
            case DEFAULT -> Message.of(GpuMessages.COMPUTE_MODE_DEFAULT);
            case EXCLUSIVE_PROCESS -> Message.of(GpuMessages.COMPUTE_MODE_EXCLUSIVE_PROCESS);
            case PROHIBITED -> Message.of(GpuMessages.COMPUTE_MODE_PROHIBITED);
            case UNKNOWN -> Message.of(GpuMessages.COMPUTE_MODE_OTHER, computeMode == null ? "" : computeMode);
        };
    }

    /** The MIG mode as the GPU table shows it: Enabled, Disabled, another value as printed, or n/a. */
    public Message migModeMessage() {
        if (migMode.isEmpty()) {
            return Message.of(GpuMessages.MIG_MODE_NONE);
        }
        String raw = migMode.get().strip();
        if (raw.equalsIgnoreCase("Enabled")) {
            return Message.of(GpuMessages.MIG_MODE_ENABLED);
        }
        if (raw.equalsIgnoreCase("Disabled")) {
            return Message.of(GpuMessages.MIG_MODE_DISABLED);
        }
        return Message.of(GpuMessages.MIG_MODE_OTHER, migMode.get());
    }

    /** The compute modes nvidia-smi reports, and what MPS makes of them. */
    public enum ComputeMode {
        DEFAULT, EXCLUSIVE_PROCESS, PROHIBITED, UNKNOWN;

        public static ComputeMode of(String text) {
            String t = text == null ? "" : text.strip().toUpperCase(Locale.ROOT).replace(' ', '_');
            return switch (t) {
                case "DEFAULT", "0" -> DEFAULT;
                case "EXCLUSIVE_PROCESS", "3" -> EXCLUSIVE_PROCESS;
                case "PROHIBITED", "2" -> PROHIBITED;
                default -> UNKNOWN;
            };
        }
    }
}
