package dev.cumps.core.cli.command;

import dev.cumps.core.cli.text.SimulatedRenderer;
import dev.cumps.core.lifecycle.StopOutcome;
import dev.cumps.core.message.CumpsException;
import dev.cumps.core.message.Message;
import dev.cumps.sim.Simulation;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;

/** {@code cumps --simulate reset}: stop the simulated daemons and remove the simulation sandbox. */
@Command(name = "reset", mixinStandardHelpOptions = true,
        description = "With --simulate: stop the simulated daemons and remove the simulation sandbox.")
public final class ResetCommand implements Callable<Integer> {
    private final RootCommand root;

    public ResetCommand(RootCommand root) {
        this.root = root;
    }

    @Override
    public Integer call() {
        if (!root.globals().simulate()) {
            throw new CumpsException(Message.of(CommandMessages.RESET_NEEDS_SIMULATE));
        }
        List<String> stopped = new ArrayList<>();
        Simulation sim = Simulation.cliSandbox(root.context().host());
        if (sim.exists()) {
            for (StopOutcome o : root.services().stopper().stopAll()) {
                stopped.add(o.name() + ": " + o.result().id());
            }
            sim.remove();
        }
        root.context().out().println(SimulatedRenderer.reset(sim.root(), stopped));
        return ExitCode.OK;
    }
}
