package dev.cumps.core.gpu;

import java.util.Locale;
import java.util.Optional;

/**
 * One GPU as nvidia-smi reports it. Fields nvidia-smi could not give are empty rather than made up.
 *
 * @param computeMode as nvidia-smi prints it: {@code Default}, {@code Exclusive_Process}, {@code Prohibited}
 * @param migMode     {@code Enabled}, {@code Disabled}, or empty when the GPU has no MIG support
 */
public record Gpu(int index, GpuUuid uuid, String name, String computeMode, Optional<Long> memoryTotalMiB,
                  Optional<String> migMode, Optional<String> driverVersion, Optional<String> pciBusId) {

    public boolean migEnabled() {
        return migMode.map(m -> m.strip().toLowerCase(Locale.ROOT).startsWith("enabled")).orElse(false);
    }

    public ComputeMode mode() {
        return ComputeMode.of(computeMode);
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
