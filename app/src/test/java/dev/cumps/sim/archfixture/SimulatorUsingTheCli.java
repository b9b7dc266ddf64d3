package dev.cumps.sim.archfixture;

import dev.cumps.core.cli.Cli;

/**
 * A simulator class that holds the CLI, on purpose: an arrow from the simulator module up into the
 * CLI module, which ArchitectureRulesCanFailTest shows the layer rule refuses.
 */
public final class SimulatorUsingTheCli {
    private final Cli cli;

    public SimulatorUsingTheCli(Cli cli) {
        this.cli = cli;
    }

    public Cli cli() {
        return cli;
    }
}
