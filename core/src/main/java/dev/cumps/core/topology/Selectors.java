package dev.cumps.core.topology;

import dev.cumps.core.message.CumpsException;
import dev.cumps.core.gpu.Gpu;
import dev.cumps.core.gpu.Visibility;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Optional;

/**
 * Resolves a {@code --gpus} selector against the visible GPUs. None: the sole visible GPU; an index
 * or UUID: that GPU; a comma list: {@code single_task_multi_gpu}; {@code all}: {@code task_per_gpu}.
 * A selector can only name GPUs the visibility mask leaves visible. Entries are strict: an index
 * is ASCII digits ({@code [0-9]+}), a UUID is any spelling {@link dev.cumps.core.gpu.GpuUuid}
 * accepts; blanks, signs, hex and non-ASCII digits are errors that name the entry.
 */
public final class Selectors {
    private Selectors() {
    }

    /** The mode a selector's shape asks for, whether or not it names visible GPUs. */
    public static TopologyMode requestedMode(Optional<String> selector) {
        String sel = selector.orElse("");
        if (sel.equalsIgnoreCase("all")) {
            return TopologyMode.TASK_PER_GPU;
        }
        return sel.contains(",") ? TopologyMode.SINGLE_TASK_MULTI_GPU : TopologyMode.SINGLE_GPU;
    }

    public static TopologyPlan resolve(Optional<String> selector, List<Gpu> visible) {
        if (selector.isEmpty() || selector.get().isEmpty()) {
            if (visible.isEmpty()) {
                throw new CumpsException("no GPU is visible; check nvidia-smi and CUDA_VISIBLE_DEVICES");
            }
            if (visible.size() > 1) {
                throw new CumpsException(visible.size() + " GPUs are visible (" + Visibility.describe(visible)
                        + "); choose one with --gpus INDEX or --gpus UUID");
            }
            return new TopologyPlan("", TopologyMode.SINGLE_GPU, visible);
        }
        String sel = selector.get();
        if (sel.equalsIgnoreCase("all")) {
            if (visible.isEmpty()) {
                throw new CumpsException("--gpus all: no GPU is visible");
            }
            return new TopologyPlan(sel, TopologyMode.TASK_PER_GPU, visible);
        }
        LinkedHashSet<Gpu> chosen = new LinkedHashSet<>();
        for (String entry : sel.split(",", -1)) {
            if (entry.isEmpty()) {
                throw new CumpsException("--gpus '" + sel + "' has an empty entry; use INDEX, UUID, a comma list, or all");
            }
            if (!Visibility.looksLikeIndexOrUuid(entry)) {
                throw new CumpsException("--gpus entry '" + entry + "' is neither a GPU index (ASCII digits 0-9) nor a GPU UUID;"
                        + " run `cumps status` to list them");
            }
            Gpu gpu = Visibility.find(entry, visible).orElseThrow(() -> new CumpsException("--gpus entry '" + entry
                    + "' matches no visible GPU; run `cumps status` to list them"));
            chosen.add(gpu);
        }
        List<Gpu> gpus = new ArrayList<>(chosen);
        TopologyMode mode = gpus.size() == 1 ? TopologyMode.SINGLE_GPU : TopologyMode.SINGLE_TASK_MULTI_GPU;
        return new TopologyPlan(sel, mode, gpus);
    }
}
