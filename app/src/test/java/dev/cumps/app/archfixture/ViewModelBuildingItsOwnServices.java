package dev.cumps.app.archfixture;

import dev.cumps.core.exec.CommandRunner;
import dev.cumps.core.exec.ProcessCommandRunner;
import dev.cumps.core.fleet.Fleet;
import dev.cumps.core.host.HostEnvironment;
import dev.cumps.core.mps.MpsControl;
import dev.cumps.core.proc.ProcFsProcessTable;
import dev.cumps.core.proc.ProcessTable;
import java.time.Clock;
import java.time.Duration;

/**
 * A view model that wires its own fleet, process table, runner and control client, on purpose, so
 * ArchitectureRulesCanFailTest can show that the rule "only CoreServices constructs a service" fails, for a service
 * ({@code Fleet}, {@code MpsControl}) and for an implementation of one ({@code ProcFsProcessTable},
 * {@code ProcessCommandRunner}).
 */
public final class ViewModelBuildingItsOwnServices {
    private final Fleet fleet;
    private final ProcessTable processes;
    private final MpsControl control;

    public ViewModelBuildingItsOwnServices(HostEnvironment host) {
        CommandRunner runner = new ProcessCommandRunner();
        this.fleet = new Fleet(runner, host, Clock.systemUTC());
        this.processes = new ProcFsProcessTable();
        this.control = new MpsControl(runner, host, Duration.ofSeconds(1));
    }

    public boolean ready() {
        return fleet != null && processes != null && control != null;
    }
}
