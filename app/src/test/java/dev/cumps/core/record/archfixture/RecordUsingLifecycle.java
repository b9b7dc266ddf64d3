package dev.cumps.core.record.archfixture;

import dev.cumps.core.lifecycle.StopOutcome;
import dev.cumps.sim.SimConfig;

/**
 * A model-layer class that reaches up into a service and into the simulator, on purpose, so
 * ArchitectureRulesCanFailTest can show the layering and "sim only through Simulation" rules fail.
 */
public final class RecordUsingLifecycle {
    private RecordUsingLifecycle() {
    }

    public static String describe(StopOutcome outcome) {
        return outcome.name() + " on " + SimConfig.defaults(1).gpus().size() + " GPU";
    }
}
