package dev.cumps.core.selftest;

import dev.cumps.core.gpu.Gpu;
import dev.cumps.core.gpu.GpuInventory;
import dev.cumps.core.lifecycle.StartPlan;
import dev.cumps.core.lifecycle.StartRequest;
import dev.cumps.core.message.Message;
import java.util.List;
import java.util.Optional;

/** The GPUs nvidia-smi lists, and the one the selector names: visible, MIG off, one GPU (as {@code cumps start} plans it). */
final class StatusStep implements Step {
    @Override
    public StepId id() {
        return StepId.STATUS;
    }

    @Override
    public StepResult run(SelftestServices services, RunState state, List<String> evidence) {
        GpuInventory inventory = services.status().gpus();
        evidence.add("nvidia-smi: " + (inventory.ok() ? inventory.gpus().size() + " GPU(s), driver "
                + inventory.driverVersion().orElse("unknown") : inventory.diagnostic().orElse("no answer")));
        for (Gpu gpu : inventory.gpus()) {
            evidence.add("GPU " + gpu.index() + " " + gpu.uuid().value() + " " + gpu.name() + ", compute mode " + gpu.computeMode()
                    + ", MIG " + gpu.migMode().orElse("n/a"));
        }
        services.host().get("CUDA_VISIBLE_DEVICES").ifPresent(mask -> evidence.add("caller's CUDA_VISIBLE_DEVICES=" + mask));
        StartPlan plan = services.planner().plan(new StartRequest(Optional.of(state.request.gpus()), Optional.of(state.name),
                Optional.empty(), Optional.empty()));
        Gpu gpu = plan.gpu();
        state.gpu = gpu;
        evidence.add("--gpus " + state.request.gpus() + " -> GPU " + gpu.index() + " " + gpu.uuid().value() + "; pipe directory "
                + plan.pipeDirectory() + ", log directory " + plan.logDirectory());
        return StepResult.pass(id(), Message.of(SelftestMessages.STATUS_PASS, gpu.index(), gpu.name(), gpu.uuid().value(),
                gpu.computeModeMessage(), gpu.migModeMessage()), evidence);
    }
}
