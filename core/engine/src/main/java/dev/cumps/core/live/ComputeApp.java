package dev.cumps.core.live;

import java.util.OptionalLong;

/**
 * One row of {@code nvidia-smi --query-compute-apps=pid,gpu_uuid,used_memory}: a process using a
 * GPU (MPS clients are listed there too) and its GPU memory, empty where nvidia-smi prints
 * {@code [N/A]}.
 */
public record ComputeApp(long pid, String gpuUuid, OptionalLong usedMiB) {
}
