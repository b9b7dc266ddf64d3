package dev.cumps.core.testing;

/**
 * One GPU as the fake nvidia-smi reports it; fields in {@code NvidiaSmiParser.QUERY_FIELDS} order
 * ({@code utilizationPercent} and {@code memoryUsedMiB} are its load, idle unless {@link #withLoad}).
 */
public record FakeGpu(int index, String uuid, String name, String computeMode, String memoryMiB, String migMode,
                      String driverVersion, String pciBusId, String utilizationPercent, String memoryUsedMiB) {

    /** A whole, idle GPU in Exclusive_Process mode with MIG disabled; its UUID ends in its index. */
    public static FakeGpu exclusive(int index) {
        return new FakeGpu(index, uuidFor(index), "NVIDIA H100 80GB HBM3", "Exclusive_Process", "81559", "Disabled",
                "550.54.15", String.format("00000000:%02X:00.0", index + 1), "0", "0");
    }

    public static String uuidFor(int index) {
        return String.format("GPU-a1b2c3d4-0000-4000-8000-%012x", index);
    }

    public FakeGpu withComputeMode(String mode) {
        return new FakeGpu(index, uuid, name, mode, memoryMiB, migMode, driverVersion, pciBusId, utilizationPercent, memoryUsedMiB);
    }

    public FakeGpu withMig(String mode) {
        return new FakeGpu(index, uuid, name, computeMode, memoryMiB, mode, driverVersion, pciBusId, utilizationPercent, memoryUsedMiB);
    }

    /** The GPU with this {@code utilization.gpu} and {@code memory.used}, as nvidia-smi prints them. */
    public FakeGpu withLoad(String utilization, String memoryUsed) {
        return new FakeGpu(index, uuid, name, computeMode, memoryMiB, migMode, driverVersion, pciBusId, utilization, memoryUsed);
    }

    /** The row nvidia-smi prints with {@code --format=csv,noheader,nounits}. */
    public String csvRow() {
        return String.join(", ", Integer.toString(index), uuid, name, computeMode, memoryMiB, migMode, driverVersion, pciBusId,
                utilizationPercent, memoryUsedMiB);
    }
}
