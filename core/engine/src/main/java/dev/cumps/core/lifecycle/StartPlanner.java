package dev.cumps.core.lifecycle;

import dev.cumps.core.exec.CommandRunner;
import dev.cumps.core.gpu.Gpu;
import dev.cumps.core.gpu.GpuInventory;
import dev.cumps.core.gpu.NvidiaSmi;
import dev.cumps.core.gpu.Visibility;
import dev.cumps.core.host.HostEnvironment;
import dev.cumps.core.message.CumpsException;
import dev.cumps.core.message.Message;
import dev.cumps.core.mps.MpsControl;
import dev.cumps.core.mps.RuntimeDirs;
import dev.cumps.core.record.RecordNames;
import dev.cumps.core.topology.Selectors;
import dev.cumps.core.topology.TopologyPlan;
import java.nio.file.Path;
import java.util.List;

/**
 * Resolves a {@link StartRequest} to a {@link StartPlan} without side effects: lists the GPUs,
 * applies the caller's {@code CUDA_VISIBLE_DEVICES}, picks the one GPU, and checks the name and
 * directories. Dialogs and doctor use it to show what a start would do.
 */
public final class StartPlanner {
    private final HostEnvironment host;
    private final CommandRunner runner;

    public StartPlanner(HostEnvironment host, CommandRunner runner) {
        this.host = host;
        this.runner = runner;
    }

    /** What a start of {@code request} would use (GPU, name, directories), resolved without side effects. */
    public StartPlan plan(StartRequest request) {
        GpuInventory inventory = new NvidiaSmi(runner, host).query();
        if (!inventory.ok()) {
            Message why = inventory.diagnosticMessage().orElseGet(() -> Message.of(LifecycleMessages.UNKNOWN_ERROR));
            throw new CumpsException(Message.of(LifecycleMessages.GPU_LIST_FAILED, why));
        }
        List<Gpu> visible = Visibility.apply(host.get("CUDA_VISIBLE_DEVICES"), inventory.gpus());
        TopologyPlan topology = Selectors.resolve(request.gpus(), visible);
        Gpu gpu = topology.requireSingleGpu();
        String name = RecordNames.validate(request.name().orElseGet(() -> RecordNames.defaultFor(gpu.uuid())));
        boolean defaultPipe = request.pipeDirectory().isEmpty();
        Path pipe = absolute(request.pipeDirectory().orElseGet(() -> RuntimeDirs.defaultPipeDirectory(host, name)));
        Path log = absolute(request.logDirectory().orElseGet(() -> RuntimeDirs.defaultLogDirectory(host, name)));
        for (Path dir : List.of(pipe, log)) {
            if (dir.toString().indexOf('\n') >= 0 || dir.toString().indexOf('\r') >= 0) {
                throw new CumpsException(Message.of(LifecycleMessages.DIRECTORY_HAS_NEWLINE, dir.toString().replace("\n", "\\n")));
            }
        }
        if (pipe.equals(log)) {
            throw new CumpsException(Message.of(LifecycleMessages.SAME_PIPE_AND_LOG, pipe));
        }
        RuntimeDirs.checkSocketPathLength(pipe);
        return new StartPlan(name, topology, gpu, pipe, log, defaultPipe, MpsControl.validateRequested(request.environment()));
    }

    private static Path absolute(Path p) {
        return p.toAbsolutePath().normalize();
    }
}
