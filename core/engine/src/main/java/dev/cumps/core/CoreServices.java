package dev.cumps.core;

import dev.cumps.core.doctor.Doctor;
import dev.cumps.core.doctor.checks.DoctorChecks;
import dev.cumps.core.env.EnvService;
import dev.cumps.core.exec.CommandRunner;
import dev.cumps.core.exec.FolderOpener;
import dev.cumps.core.exec.ProcessCommandRunner;
import dev.cumps.core.fix.FixService;
import dev.cumps.core.guide.GuideLink;
import dev.cumps.core.host.HostEnvironment;
import dev.cumps.core.lifecycle.ClientTerminator;
import dev.cumps.core.lifecycle.DaemonStarter;
import dev.cumps.core.lifecycle.DaemonStopper;
import dev.cumps.core.lifecycle.ForegroundRunner;
import dev.cumps.core.lifecycle.LifecycleContext;
import dev.cumps.core.lifecycle.LifecycleTimeouts;
import dev.cumps.core.lifecycle.StartPlanner;
import dev.cumps.core.live.LimitsService;
import dev.cumps.core.live.LiveSnapshotService;
import dev.cumps.core.proc.ProcFsProcessTable;
import dev.cumps.core.proc.ProcessTable;
import dev.cumps.core.record.Liveness;
import dev.cumps.core.record.RecordStore;
import dev.cumps.core.selftest.Selftest;
import dev.cumps.core.snapshot.HostSnapshotService;
import dev.cumps.core.status.StatusService;
import java.nio.file.Path;
import java.time.Clock;
import java.util.Optional;
import java.util.function.Supplier;

/**
 * The one place that wires core's services from its seams. The CLI and the window both hold one of
 * these, so every decision (start, stop, env, doctor) is made by the same code; the decisions
 * themselves live in the services, not here.
 */
public final class CoreServices {
    private final HostEnvironment host;
    private final boolean simulated;
    private final GuideLink guide;
    private final RecordStore store;
    private final Liveness liveness;
    // Built on first use: a command builds only what it uses, so `status` never loads a
    // doctor check, the lifecycle or the self-test. Each is built once and then kept.
    private final Lazy<LifecycleContext> lifecycle;
    private final Lazy<StartPlanner> planner;
    private final Lazy<DaemonStarter> starter;
    private final Lazy<DaemonStopper> stopper;
    private final Lazy<ForegroundRunner> foreground;
    private final Lazy<ClientTerminator> terminator;
    private final Lazy<StatusService> status;
    private final Lazy<Doctor> doctor;
    private final Lazy<EnvService> env;
    private final Lazy<LiveSnapshotService> live;
    private final Lazy<HostSnapshotService> snapshots;
    private final Lazy<LimitsService> limits;
    private final Lazy<FixService> fixes;
    private final Lazy<Selftest> selftest;
    private final Lazy<FolderOpener> folders;

    /** Services that know no user guide (the doctor links {@code docs/guide.md#anchor}). */
    public CoreServices(HostEnvironment host, CommandRunner runner, ProcessTable processes, Path recordRoot, Clock clock,
                        LifecycleTimeouts timeouts, boolean simulated) {
        this(host, runner, processes, recordRoot, clock, timeouts, simulated, GuideLink.none());
    }

    /** @param guide the user guide the doctor links each check to (the launcher's {@code -Dcumps.guide}) */
    public CoreServices(HostEnvironment host, CommandRunner runner, ProcessTable processes, Path recordRoot, Clock clock,
                        LifecycleTimeouts timeouts, boolean simulated, GuideLink guide) {
        this.host = host;
        this.guide = guide;
        this.simulated = simulated;
        this.store = new RecordStore(recordRoot, host.uid(), host.hostname(), clock);
        this.liveness = new Liveness(processes);
        this.lifecycle = new Lazy<>(() -> LifecycleContext.of(host, runner, processes, store, clock, timeouts));
        this.planner = new Lazy<>(() -> new StartPlanner(host, runner));
        this.starter = new Lazy<>(() -> new DaemonStarter(lifecycle.get(), planner()));
        this.stopper = new Lazy<>(() -> new DaemonStopper(lifecycle.get()));
        this.foreground = new Lazy<>(() -> new ForegroundRunner(lifecycle.get(), starter()));
        this.terminator = new Lazy<>(() -> new ClientTerminator(lifecycle.get()));
        this.status = new Lazy<>(() -> new StatusService(host, runner, store, liveness, simulated));
        this.doctor = new Lazy<>(() -> new Doctor(host, runner, processes, store, liveness, timeouts.answer(), DoctorChecks.all(), guide));
        this.env = new Lazy<>(() -> new EnvService(store, liveness));
        this.live = new Lazy<>(() -> new LiveSnapshotService(host, runner, processes, store, liveness, timeouts.answer()));
        this.snapshots = new Lazy<>(() -> new HostSnapshotService(status(), live()));
        this.limits = new Lazy<>(() -> new LimitsService(host, runner, store, liveness, timeouts.answer()));
        this.folders = new Lazy<>(() -> new FolderOpener(runner, host.childEnvironment()));
        this.fixes = new Lazy<>(() -> new FixService(store, liveness, processes, stopper()));
        this.selftest = new Lazy<>(() -> new Selftest(host, runner, processes, store, planner(), starter(), stopper(), status(), doctor(), env(), clock,
                timeouts, simulated));
    }

    /** A value built by {@code factory} on the first {@link #get}, from any thread, exactly once. */
    private static final class Lazy<T> {
        private Supplier<T> factory;
        private volatile T value;

        Lazy(Supplier<T> factory) {
            this.factory = factory;
        }

        T get() {
            T v = value;
            if (v == null) {
                synchronized (this) {
                    v = value;
                    if (v == null) {
                        v = factory.get();
                        value = v;
                        factory = null;
                    }
                }
            }
            return v;
        }
    }

    /**
     * Real runner, real /proc, system clock; records under {@code recordRoot} or uni-cumps's default;
     * the user guide the launcher named ({@code -Dcumps.guide}).
     */
    public static CoreServices real(HostEnvironment host, Optional<Path> recordRoot, boolean simulated) {
        return real(host, recordRoot, simulated, LifecycleTimeouts.defaults());
    }

    /** Like {@link #real(HostEnvironment, Optional, boolean)}, with the start's and stop's waits bounded by {@code timeouts}. */
    public static CoreServices real(HostEnvironment host, Optional<Path> recordRoot, boolean simulated, LifecycleTimeouts timeouts) {
        Path root = recordRoot.orElseGet(() -> RecordStore.defaultRoot(host.home()));
        return new CoreServices(host, new ProcessCommandRunner(), new ProcFsProcessTable(), root, Clock.systemUTC(),
                timeouts, simulated, GuideLink.fromSystemProperty());
    }

    /** Where the user guide is (the doctor's links, the window's Guide dialog). */
    public GuideLink guide() {
        return guide;
    }

    /** Opens a folder in the file manager (the window's log pane). */
    public FolderOpener folders() {
        return folders.get();
    }

    public HostEnvironment host() {
        return host;
    }

    public RecordStore records() {
        return store;
    }

    /** Whether a record is live: its pid runs with the recorded start time. */
    public Liveness liveness() {
        return liveness;
    }

    /** What a start would use, resolved without side effects. */
    public StartPlanner planner() {
        return planner.get();
    }

    /**
     * Starts detached daemons, and previews a start for a dialog. Every start and stop locks the
     * record name, then the pipe directory, then (start only) the GPU, always in this order.
     */
    public DaemonStarter starter() {
        return starter.get();
    }

    /** Stop, stop --all, and moving a stale or unreadable record aside. */
    public DaemonStopper stopper() {
        return stopper.get();
    }

    /** {@code cumps start --foreground}: the daemon attached to this terminal. */
    public ForegroundRunner foreground() {
        return foreground.get();
    }

    /** Ends one MPS client of the caller's live daemon ({@code cumps terminate-client}, the window's Terminate client…). */
    public ClientTerminator terminator() {
        return terminator.get();
    }

    public StatusService status() {
        return status.get();
    }

    public Doctor doctor() {
        return doctor.get();
    }

    /** The live view: servers, clients and GPU load. */
    public LiveSnapshotService live() {
        return live.get();
    }

    /** The host snapshot (status and live view from one GPU query): what every view of the host reads. */
    public HostSnapshotService snapshots() {
        return snapshots.get();
    }

    /** The MPS limits of live daemons: recorded and current, and setting them. */
    public LimitsService limits() {
        return limits.get();
    }

    /** The doctor's guided fixes ({@code doctor --fix}, the window's Fix…). */
    public FixService fixes() {
        return fixes.get();
    }

    /** The hardware self-test ({@code cumps selftest}). */
    public Selftest selftest() {
        return selftest.get();
    }

    public boolean simulated() {
        return simulated;
    }

    public EnvService env() {
        return env.get();
    }

}
