package dev.cumps.core.gpu;

import dev.cumps.core.message.MessageKey;

/**
 * The texts of {@code gpu}: UUID and visibility-mask refusals, nvidia-smi diagnostics, and the
 * display names of the compute and MIG modes the GPU table shows.
 */
public enum GpuText implements MessageKey {
    NOT_CANONICAL_UUID("not a canonical GPU UUID: {0}"),
    MIG_DEVICE_REFUSED("MIG device {0} is not supported: MIG is refused; select a whole GPU (GPU-...) with MIG disabled"),
    NOT_A_UUID("'{0}' is not a GPU UUID; expected GPU-xxxxxxxx-xxxx-xxxx-xxxx-xxxxxxxxxxxx (as nvidia-smi -L prints)"),
    MASK_EMPTY_ENTRY("CUDA_VISIBLE_DEVICES='{0}' has an empty entry; list indices or UUIDs separated by single commas"),
    MASK_ENTRY_NOT_INDEX_OR_UUID("CUDA_VISIBLE_DEVICES entry '{0}' is neither a GPU index (ASCII digits 0-9) nor a GPU UUID (GPU-...); fix or unset CUDA_VISIBLE_DEVICES"),
    /** {1}: the GPUs nvidia-smi lists ({@code 0=GPU-...}) or {@link #NO_GPUS}. */
    MASK_ENTRY_MATCHES_NO_GPU("CUDA_VISIBLE_DEVICES entry '{0}' matches no GPU (nvidia-smi lists {1}); fix or unset CUDA_VISIBLE_DEVICES"),
    ENTRY_NOT_INDEX_OR_UUID("'{0}' is neither a GPU index (ASCII digits 0-9) nor a GPU UUID (GPU-...)"),
    INDEX_TOO_LARGE("GPU index '{0}' is too large; nvidia-smi lists the indices"),
    NO_GPUS("no GPUs"),
    SMI_NOT_FOUND("nvidia-smi was not found on PATH; install the NVIDIA driver utilities or add them to PATH"),
    SMI_TIMED_OUT("nvidia-smi did not answer within {0} s and was stopped; the driver may be hung"),
    SMI_NO_GPUS("nvidia-smi reported no GPUs"),
    /** {0}: line number; {1}: the row as printed (raw); {2}: one of the {@code ROW_*} messages. */
    SMI_MALFORMED_ROW("nvidia-smi printed a malformed row {0} ('{1}'): {2}"),
    ROW_FIELD_COUNT("expected {0} comma-separated values, found {1}"),
    ROW_INDEX_NOT_NUMBER("index '{0}' is not a number"),
    ROW_INDEX_NEGATIVE("index is negative"),
    ROW_UNKNOWN_COMPUTE_MODE("unknown compute mode '{0}'"),
    ROW_MEMORY_NOT_NUMBER("memory.total '{0}' is not a number of MiB"),
    ROW_MEMORY_USED_NOT_NUMBER("memory.used '{0}' is not a number of MiB"),
    ROW_UTILIZATION_NOT_PERCENT("utilization.gpu '{0}' is not a percentage from 0 to 100"),
    COMPUTE_MODE_DEFAULT("Default"),
    COMPUTE_MODE_EXCLUSIVE_PROCESS("Exclusive_Process"),
    COMPUTE_MODE_PROHIBITED("Prohibited"),
    /** A compute mode nvidia-smi printed that cumps does not know (or none): {0} is it, raw. */
    COMPUTE_MODE_OTHER("{0}"),
    MIG_MODE_ENABLED("Enabled"),
    MIG_MODE_DISABLED("Disabled"),
    /** A MIG mode value cumps does not know: {0} is it, raw. */
    MIG_MODE_OTHER("{0}"),
    /** The GPU reports no MIG mode: it has no MIG support. */
    MIG_MODE_NONE("n/a");

    private final String english;

    GpuText(String english) {
        this.english = english;
    }

    @Override
    public String area() {
        return "gpu";
    }

    @Override
    public String english() {
        return english;
    }
}
