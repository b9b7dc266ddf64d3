package dev.cumps.core.topology;

import dev.cumps.core.message.MessageKey;

/** The texts of {@code topology}: refusals of a {@code --gpus} selector and of unsupported plans. */
public enum TopologyText implements MessageKey {
    NO_GPU_VISIBLE("no GPU is visible; check nvidia-smi and CUDA_VISIBLE_DEVICES"),
    /** {1}: the visible GPUs, {@code 0=GPU-..., 1=GPU-...}. */
    SEVERAL_GPUS_VISIBLE("{0} GPUs are visible ({1}); choose one with --gpus INDEX or --gpus UUID"),
    ALL_NONE_VISIBLE("--gpus all: no GPU is visible"),
    EMPTY_ENTRY("--gpus '{0}' has an empty entry; use INDEX, UUID, a comma list, or all"),
    ENTRY_NOT_INDEX_OR_UUID("--gpus entry '{0}' is neither a GPU index (ASCII digits 0-9) nor a GPU UUID; run `cumps status` to list them"),
    ENTRY_MATCHES_NO_GPU("--gpus entry '{0}' matches no visible GPU; run `cumps status` to list them"),
    MODE_NOT_SUPPORTED("topology {0} (selector '{1}') is recognised but not supported yet: only single_gpu can run; select one GPU with --gpus INDEX|UUID"),
    MIG_ENABLED("GPU {0} ({1}) has MIG enabled; MIG is not supported: disable MIG or choose another GPU");

    private final String english;

    TopologyText(String english) {
        this.english = english;
    }

    @Override
    public String area() {
        return "topology";
    }

    @Override
    public String english() {
        return english;
    }
}
