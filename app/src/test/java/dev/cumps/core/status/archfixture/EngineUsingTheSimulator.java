package dev.cumps.core.status.archfixture;

import dev.cumps.sim.Simulation;

/**
 * An engine class (a service package) that holds the simulator's front door, on purpose: an arrow
 * from the engine module up into the simulator module, which ArchitectureRulesCanFailTest shows the
 * layer rule refuses.
 */
public final class EngineUsingTheSimulator {
    private final Simulation simulation;

    public EngineUsingTheSimulator(Simulation simulation) {
        this.simulation = simulation;
    }

    public Simulation simulation() {
        return simulation;
    }
}
