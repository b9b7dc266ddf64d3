package dev.cumps.core.live;

import java.util.OptionalInt;
import java.util.OptionalLong;

/**
 * One GPU's load from {@code nvidia-smi --query-gpu=index,uuid,utilization.gpu,memory.used,memory.total}:
 * utilisation in percent and memory in MiB, each empty where nvidia-smi prints {@code [N/A]} or
 * {@code [Not Supported]}.
 */
public record GpuLoad(int index, String uuid, OptionalInt utilizationPercent, OptionalLong memoryUsedMiB,
                      OptionalLong memoryTotalMiB) {
}
