package dev.cumps.core.lifecycle;

import dev.cumps.core.mps.MpsControl;
import dev.cumps.core.record.RecordStore;
import dev.cumps.core.testing.Sandbox;

/** Lifecycle services built directly on a {@link Sandbox}'s seams, so a test can exercise one service alone. */
final class Contexts {
    private Contexts() {
    }

    static RecordStore store(Sandbox sb) {
        return new RecordStore(sb.records, sb.uid, Sandbox.HOSTNAME, sb.clock);
    }

    static LifecycleContext of(Sandbox sb) {
        return LifecycleContext.of(sb.host(), sb.mps.runner(), sb.processes, store(sb), sb.clock, sb.timeouts,
                new MpsControl(sb.mps.runner(), sb.host(), sb.timeouts.answer()));
    }

    static StartPlanner planner(Sandbox sb) {
        return new StartPlanner(sb.host(), sb.mps.runner());
    }

    static DaemonStarter starter(Sandbox sb) {
        return new DaemonStarter(of(sb), planner(sb));
    }
}
