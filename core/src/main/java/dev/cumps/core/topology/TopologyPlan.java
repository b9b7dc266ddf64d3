package dev.cumps.core.topology;

import dev.cumps.core.message.CumpsException;
import dev.cumps.core.gpu.Gpu;
import java.util.List;

/** A resolved selector: which GPUs, in which mode. */
public record TopologyPlan(String selector, TopologyMode mode, List<Gpu> gpus) {
    public TopologyPlan {
        gpus = List.copyOf(gpus);
    }

    /** The one GPU of a single-GPU plan; any other plan fails closed with the reason. */
    public Gpu requireSingleGpu() {
        if (!mode.supported()) {
            throw new CumpsException("topology " + mode.id() + " (selector '" + selector
                    + "') is recognised but not supported yet: only single_gpu can run; select one GPU with --gpus INDEX|UUID");
        }
        Gpu gpu = gpus.get(0);
        if (gpu.migEnabled()) {
            throw new CumpsException("GPU " + gpu.index() + " (" + gpu.uuid() + ") has MIG enabled; MIG is not supported: disable MIG or choose another GPU");
        }
        return gpu;
    }
}
