package dev.cumps.core.testing;

/** One GPU as the fake nvidia-smi reports it; fields in {@code NvidiaSmiParser.QUERY_FIELDS} order. */
public record FakeGpu(int index, String uuid, String name, String computeMode, String memoryMiB, String migMode,
                      String driverVersion, String pciBusId) {

    /** A whole GPU in Exclusive_Process mode with MIG disabled; its UUID ends in its index. */
    public static FakeGpu exclusive(int index) {
        return new FakeGpu(index, uuidFor(index), "NVIDIA H100 80GB HBM3", "Exclusive_Process", "81559", "Disabled",
                "550.54.15", String.format("00000000:%02X:00.0", index + 1));
    }

    public static String uuidFor(int index) {
        return String.format("GPU-a1b2c3d4-0000-4000-8000-%012x", index);
    }

    public FakeGpu withComputeMode(String mode) {
        return new FakeGpu(index, uuid, name, mode, memoryMiB, migMode, driverVersion, pciBusId);
    }

    public FakeGpu withMig(String mode) {
        return new FakeGpu(index, uuid, name, computeMode, memoryMiB, mode, driverVersion, pciBusId);
    }

    /** The row nvidia-smi prints with {@code --format=csv,noheader,nounits}. */
    public String csvRow() {
        return String.join(", ", Integer.toString(index), uuid, name, computeMode, memoryMiB, migMode, driverVersion, pciBusId);
    }

    /** The row of the live view's load query ({@code index,uuid,utilization.gpu,memory.used,memory.total}): idle. */
    public String loadRow() {
        return String.join(", ", Integer.toString(index), uuid, "0", "0", memoryMiB);
    }
}
