package dev.cumps.core;

import dev.cumps.core.doctor.Doctor;
import dev.cumps.core.doctor.checks.DoctorChecks;
import dev.cumps.core.message.CumpsException;
import dev.cumps.core.env.LaunchEnvironment;
import dev.cumps.core.exec.CommandRunner;
import dev.cumps.core.exec.ProcessCommandRunner;
import dev.cumps.core.host.HostEnvironment;
import dev.cumps.core.lifecycle.DaemonLifecycle;
import dev.cumps.core.lifecycle.LifecycleTimeouts;
import dev.cumps.core.proc.ProcFsProcessTable;
import dev.cumps.core.proc.ProcessTable;
import dev.cumps.core.record.DaemonRecord;
import dev.cumps.core.record.Liveness;
import dev.cumps.core.record.RecordLookup;
import dev.cumps.core.record.RecordNames;
import dev.cumps.core.record.RecordStore;
import dev.cumps.core.status.StatusService;
import java.nio.file.Path;
import java.time.Clock;
import java.util.Optional;

/**
 * The one place that wires core's services from its seams. The CLI and the window both hold one of
 * these, so every decision (start, stop, env, doctor) is made by the same code.
 */
public final class CoreServices {
    private final HostEnvironment host;
    private final RecordStore store;
    private final DaemonLifecycle lifecycle;
    private final StatusService status;
    private final Doctor doctor;
    private final boolean simulated;

    public CoreServices(HostEnvironment host, CommandRunner runner, ProcessTable processes, Path recordRoot, Clock clock,
                        LifecycleTimeouts timeouts, boolean simulated) {
        this.host = host;
        this.simulated = simulated;
        this.store = new RecordStore(recordRoot, host.uid(), host.hostname(), clock);
        Liveness liveness = new Liveness(processes);
        this.lifecycle = new DaemonLifecycle(host, runner, processes, store, clock, timeouts);
        this.status = new StatusService(host, runner, store, liveness, simulated);
        this.doctor = new Doctor(host, runner, processes, store, liveness, timeouts.answer(), DoctorChecks.all());
    }

    /** Real runner, real /proc, system clock; records under {@code recordRoot} or uni-cumps's default. */
    public static CoreServices real(HostEnvironment host, Optional<Path> recordRoot, boolean simulated) {
        Path root = recordRoot.orElseGet(() -> RecordStore.defaultRoot(host.home()));
        return new CoreServices(host, new ProcessCommandRunner(), new ProcFsProcessTable(), root, Clock.systemUTC(),
                LifecycleTimeouts.defaults(), simulated);
    }

    public HostEnvironment host() {
        return host;
    }

    public RecordStore records() {
        return store;
    }

    public DaemonLifecycle lifecycle() {
        return lifecycle;
    }

    public StatusService status() {
        return status;
    }

    public Doctor doctor() {
        return doctor;
    }

    public boolean simulated() {
        return simulated;
    }

    /**
     * The launch environment of a live record: the named one, or the sole live one. A stale,
     * foreign, unreadable or missing target is an error; nothing about the caller changes.
     */
    public LaunchEnvironment launchEnvironment(Optional<String> name) {
        String target = name.map(RecordNames::validate).orElseGet(lifecycle::soleLiveName);
        RecordLookup lookup = store.lookup(target);
        if (lookup instanceof RecordLookup.Found found) {
            DaemonRecord record = found.record();
            if (!lifecycle.assess(record).live()) {
                throw new CumpsException("daemon '" + target + "' is stale (pid " + record.pid()
                        + " is gone or reused); start it again with `cumps start --name " + target + "`");
            }
            return LaunchEnvironment.of(record);
        }
        if (lookup instanceof RecordLookup.Foreign foreign) {
            throw new CumpsException("record '" + target + "' belongs to " + foreign.owner());
        }
        if (lookup instanceof RecordLookup.Unreadable u) {
            throw new CumpsException("record '" + target + "' is unreadable: " + u.record().reason());
        }
        throw new CumpsException("no record named '" + target + "' (see `cumps status`)");
    }
}
