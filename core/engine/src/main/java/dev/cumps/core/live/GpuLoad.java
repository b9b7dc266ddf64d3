package dev.cumps.core.live;

import dev.cumps.core.gpu.Gpu;
import java.util.OptionalInt;
import java.util.OptionalLong;

/**
 * One GPU's load, from the {@code utilization.gpu}, {@code memory.used} and {@code memory.total}
 * fields of status's GPU query: utilisation in percent and memory in MiB, each empty where
 * nvidia-smi prints {@code [N/A]} or {@code [Not Supported]}.
 */
public record GpuLoad(int index, String uuid, OptionalInt utilizationPercent, OptionalLong memoryUsedMiB,
                      OptionalLong memoryTotalMiB) {

    /** The load of a GPU as status's query returned it. */
    public static GpuLoad of(Gpu gpu) {
        return new GpuLoad(gpu.index(), gpu.uuid().value(),
                gpu.utilizationPercent().map(OptionalInt::of).orElse(OptionalInt.empty()),
                gpu.memoryUsedMiB().map(OptionalLong::of).orElse(OptionalLong.empty()),
                gpu.memoryTotalMiB().map(OptionalLong::of).orElse(OptionalLong.empty()));
    }
}
