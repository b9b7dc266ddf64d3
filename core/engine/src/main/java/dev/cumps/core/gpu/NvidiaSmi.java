package dev.cumps.core.gpu;

import dev.cumps.core.exec.CommandResult;
import dev.cumps.core.exec.CommandRunner;
import dev.cumps.core.exec.CommandSpec;
import dev.cumps.core.host.HostEnvironment;
import dev.cumps.core.message.CumpsException;
import dev.cumps.core.message.Message;
import java.time.Duration;
import java.util.List;
import java.util.Optional;

/** Asks nvidia-smi for the GPUs through the command runner and turns every failure into a diagnostic. */
public final class NvidiaSmi {
    public static final Duration TIMEOUT = Duration.ofSeconds(5);
    private final CommandRunner runner;
    private final HostEnvironment host;

    public NvidiaSmi(CommandRunner runner, HostEnvironment host) {
        this.runner = runner;
        this.host = host;
    }

    public GpuInventory query() {
        List<String> argv = List.of("nvidia-smi", "--query-gpu=" + String.join(",", NvidiaSmiParser.QUERY_FIELDS),
                "--format=csv,noheader,nounits");
        CommandResult result = runner.run(new CommandSpec(argv, host.childEnvironment(), null, TIMEOUT));
        if (result.outcome() == CommandResult.Outcome.NOT_FOUND) {
            return GpuInventory.unavailable(Message.of(GpuMessages.SMI_NOT_FOUND));
        }
        if (result.outcome() == CommandResult.Outcome.TIMED_OUT) {
            return GpuInventory.unavailable(Message.of(GpuMessages.SMI_TIMED_OUT, TIMEOUT.toSeconds()));
        }
        if (!result.succeeded()) {
            return GpuInventory.unavailable(result.failureMessage());
        }
        try {
            List<Gpu> gpus = NvidiaSmiParser.parse(result.stdout());
            if (gpus.isEmpty()) {
                return new GpuInventory(true, gpus, Optional.of(Message.of(GpuMessages.SMI_NO_GPUS)), Optional.empty());
            }
            return GpuInventory.of(gpus);
        } catch (CumpsException e) {
            // The query failed even though nvidia-smi ran: uni-cumps reports it as not available.
            return GpuInventory.unavailable(e.errorMessage());
        }
    }
}
