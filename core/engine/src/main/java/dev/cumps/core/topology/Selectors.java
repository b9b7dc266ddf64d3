package dev.cumps.core.topology;

import dev.cumps.core.gpu.Gpu;
import dev.cumps.core.gpu.Visibility;
import dev.cumps.core.message.CumpsException;
import dev.cumps.core.message.Message;
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
                throw new CumpsException(Message.of(TopologyText.NO_GPU_VISIBLE));
            }
            if (visible.size() > 1) {
                throw new CumpsException(Message.of(TopologyText.SEVERAL_GPUS_VISIBLE, visible.size(),
                        Visibility.describe(visible)));
            }
            return new TopologyPlan("", TopologyMode.SINGLE_GPU, visible);
        }
        String sel = selector.get();
        if (sel.equalsIgnoreCase("all")) {
            if (visible.isEmpty()) {
                throw new CumpsException(Message.of(TopologyText.ALL_NONE_VISIBLE));
            }
            return new TopologyPlan(sel, TopologyMode.TASK_PER_GPU, visible);
        }
        LinkedHashSet<Gpu> chosen = new LinkedHashSet<>();
        for (String entry : sel.split(",", -1)) {
            if (entry.isEmpty()) {
                throw new CumpsException(Message.of(TopologyText.EMPTY_ENTRY, sel));
            }
            if (!Visibility.looksLikeIndexOrUuid(entry)) {
                throw new CumpsException(Message.of(TopologyText.ENTRY_NOT_INDEX_OR_UUID, entry));
            }
            Gpu gpu = Visibility.find(entry, visible).orElseThrow(() -> new CumpsException(
                    Message.of(TopologyText.ENTRY_MATCHES_NO_GPU, entry)));
            chosen.add(gpu);
        }
        List<Gpu> gpus = new ArrayList<>(chosen);
        TopologyMode mode = gpus.size() == 1 ? TopologyMode.SINGLE_GPU : TopologyMode.SINGLE_TASK_MULTI_GPU;
        return new TopologyPlan(sel, mode, gpus);
    }
}
