package dev.cumps.core.lifecycle;

import dev.cumps.core.exec.CommandRunner;
import dev.cumps.core.host.HostEnvironment;
import dev.cumps.core.mps.MpsControl;
import dev.cumps.core.proc.ProcessTable;
import dev.cumps.core.record.Liveness;
import dev.cumps.core.record.RecordStore;
import java.time.Clock;

/**
 * The seams the lifecycle services are built from (host, runner, process table, record store,
 * clock, timeouts) and the small helpers they share. Built once by {@link DaemonLifecycle}; unit
 * tests build one from fakes and construct a single service on it.
 */
record LifecycleContext(HostEnvironment host, CommandRunner runner, ProcessTable processes, RecordStore store, Clock clock,
                        LifecycleTimeouts timeouts, MpsControl control, Liveness liveness, ResourceLocks locks,
                        Leftovers leftovers, Waits waits, LaunchIdentity identity) {

    static LifecycleContext of(HostEnvironment host, CommandRunner runner, ProcessTable processes, RecordStore store, Clock clock,
                               LifecycleTimeouts timeouts) {
        return new LifecycleContext(host, runner, processes, store, clock, timeouts, new MpsControl(runner, host, timeouts.answer()),
                new Liveness(processes), new ResourceLocks(store, timeouts), new Leftovers(processes), new Waits(processes, timeouts),
                new LaunchIdentity(processes));
    }
}
