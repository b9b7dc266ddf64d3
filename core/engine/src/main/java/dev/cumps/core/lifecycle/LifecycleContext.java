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
 * clock, timeouts) and the small helpers they share. Built once ({@code CoreServices}) and handed
 * to each service ({@link DaemonStarter}, {@link DaemonStopper}, {@link ForegroundRunner},
 * {@link ClientTerminator}), so they share one set of locks; unit tests build one from fakes and
 * construct a single service on it. What it holds is for the lifecycle's own classes only.
 */
public final class LifecycleContext {
    private final HostEnvironment host;
    private final CommandRunner runner;
    private final ProcessTable processes;
    private final RecordStore store;
    private final Clock clock;
    private final LifecycleTimeouts timeouts;
    private final MpsControl control;
    private final Liveness liveness;
    private final ResourceLocks locks;
    private final Leftovers leftovers;
    private final Waits waits;
    private final LaunchIdentity identity;

    LifecycleContext(HostEnvironment host, CommandRunner runner, ProcessTable processes, RecordStore store, Clock clock,
                     LifecycleTimeouts timeouts, MpsControl control, Liveness liveness, ResourceLocks locks,
                     Leftovers leftovers, Waits waits, LaunchIdentity identity) {
        this.host = host;
        this.runner = runner;
        this.processes = processes;
        this.store = store;
        this.clock = clock;
        this.timeouts = timeouts;
        this.control = control;
        this.liveness = liveness;
        this.locks = locks;
        this.leftovers = leftovers;
        this.waits = waits;
        this.identity = identity;
    }

    /** The context the lifecycle services of one {@code CoreServices} share; {@code control} asks through NVIDIA's program. */
    public static LifecycleContext of(HostEnvironment host, CommandRunner runner, ProcessTable processes, RecordStore store,
                                      Clock clock, LifecycleTimeouts timeouts, MpsControl control) {
        return new LifecycleContext(host, runner, processes, store, clock, timeouts, control,
                new Liveness(processes), new ResourceLocks(store.locks(), timeouts), new Leftovers(processes), new Waits(processes, timeouts),
                new LaunchIdentity(processes));
    }

    HostEnvironment host() {
        return host;
    }

    CommandRunner runner() {
        return runner;
    }

    ProcessTable processes() {
        return processes;
    }

    RecordStore store() {
        return store;
    }

    Clock clock() {
        return clock;
    }

    LifecycleTimeouts timeouts() {
        return timeouts;
    }

    MpsControl control() {
        return control;
    }

    Liveness liveness() {
        return liveness;
    }

    ResourceLocks locks() {
        return locks;
    }

    Leftovers leftovers() {
        return leftovers;
    }

    Waits waits() {
        return waits;
    }

    LaunchIdentity identity() {
        return identity;
    }
}
