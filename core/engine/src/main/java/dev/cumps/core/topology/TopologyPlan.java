package dev.cumps.core.topology;

import dev.cumps.core.gpu.Gpu;
import dev.cumps.core.message.CumpsException;
import dev.cumps.core.message.Message;
import java.util.List;

/** A resolved selector: which GPUs, in which mode. */
public record TopologyPlan(String selector, TopologyMode mode, List<Gpu> gpus) {
    public TopologyPlan {
        gpus = List.copyOf(gpus);
    }

    /** The one GPU of a single-GPU plan; any other plan fails closed with the reason. */
    public Gpu requireSingleGpu() {
        if (!mode.supported()) {
            throw new CumpsException(Message.of(TopologyText.MODE_NOT_SUPPORTED, mode.id(), selector));
        }
        Gpu gpu = gpus.get(0);
        if (gpu.migEnabled()) {
            throw new CumpsException(Message.of(TopologyText.MIG_ENABLED, gpu.index(), gpu.uuid().value()));
        }
        return gpu;
    }
}
