package dev.cumps.app.archfixture;

import dev.cumps.core.exec.CommandRunner;
import dev.cumps.core.fleet.Fleet;
import dev.cumps.core.host.HostEnvironment;
import dev.cumps.core.proc.ProcFsProcessTable;
import dev.cumps.core.proc.ProcessTable;
import java.time.Clock;

/**
 * A view model that wires its own fleet and process table, on purpose, so ArchitectureRulesCanFailTest can show
 * that the rule "only CoreServices constructs a service" fails, for a service and for an implementation of one.
 */
public final class ViewModelBuildingItsOwnServices {
    private final Fleet fleet;
    private final ProcessTable processes;

    public ViewModelBuildingItsOwnServices(CommandRunner runner, HostEnvironment host) {
        this.fleet = new Fleet(runner, host, Clock.systemUTC());
        this.processes = new ProcFsProcessTable();
    }

    public boolean ready() {
        return fleet != null && processes != null;
    }
}
