package dev.cumps.core.gpu;

import dev.cumps.core.message.CumpsException;
import dev.cumps.core.exec.CommandResult;
import dev.cumps.core.exec.CommandRunner;
import dev.cumps.core.exec.CommandSpec;
import dev.cumps.core.host.HostEnvironment;
import java.time.Duration;
import java.util.List;

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
            return GpuInventory.unavailable("nvidia-smi was not found on PATH; install the NVIDIA driver utilities or add them to PATH");
        }
        if (result.outcome() == CommandResult.Outcome.TIMED_OUT) {
            return GpuInventory.unavailable("nvidia-smi did not answer within " + TIMEOUT.toSeconds() + " s and was stopped; the driver may be hung");
        }
        if (!result.succeeded()) {
            return GpuInventory.unavailable(result.describeFailure());
        }
        try {
            List<Gpu> gpus = NvidiaSmiParser.parse(result.stdout());
            if (gpus.isEmpty()) {
                return new GpuInventory(true, gpus, java.util.Optional.of("nvidia-smi reported no GPUs"), java.util.Optional.empty());
            }
            return GpuInventory.of(gpus);
        } catch (CumpsException e) {
            // The query failed even though nvidia-smi ran: uni-cumps reports it as not available.
            return GpuInventory.unavailable(e.getMessage());
        }
    }
}
