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
import dev.cumps.core.mps.ControlClient;
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
import java.util.concurrent.atomic.AtomicReferenceArray;

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
    private final CommandRunner runner;
    private final ControlClient control;
    private final ProcessTable processes;
    private final Clock clock;
    private final LifecycleTimeouts timeouts;
    // Built on first use: a command builds only what it uses, so `status` never loads a doctor check, the
    // lifecycle or the self-test. Each is built once and then kept, in its slot. One switch builds them all, not
    // a lambda per service: each lambda's class, and the class it returns, were loaded by every command
    // (15 lambdas and 11 unused services' classes per `status`; docs/performance.md section 8).
    private static final int LIFECYCLE = 0;
    private static final int PLANNER = 1;
    private static final int STARTER = 2;
    private static final int STOPPER = 3;
    private static final int FOREGROUND = 4;
    private static final int TERMINATOR = 5;
    private static final int STATUS = 6;
    private static final int DOCTOR = 7;
    private static final int ENV = 8;
    private static final int LIVE = 9;
    private static final int SNAPSHOTS = 10;
    private static final int LIMITS = 11;
    private static final int FIXES = 12;
    private static final int SELFTEST = 13;
    private static final int FOLDERS = 14;
    private static final int SERVICES = 15;
    private final AtomicReferenceArray<Object> built = new AtomicReferenceArray<>(SERVICES);
    private final Object[] building = new Object[SERVICES];

    /** Services that know no user guide (the doctor links {@code docs/guide.md#anchor}). */
    public CoreServices(HostEnvironment host, CommandRunner runner, ProcessTable processes, Path recordRoot, Clock clock,
                        LifecycleTimeouts timeouts, boolean simulated) {
        this(host, runner, processes, recordRoot, clock, timeouts, simulated, GuideLink.none());
    }

    /** @param guide the user guide the doctor links each check to (the launcher's {@code -Dcumps.guide}) */
    public CoreServices(HostEnvironment host, CommandRunner runner, ProcessTable processes, Path recordRoot, Clock clock,
                        LifecycleTimeouts timeouts, boolean simulated, GuideLink guide) {
        this(host, runner, processes, recordRoot, clock, timeouts, simulated, guide, ControlClient.program());
    }

    /** @param control the client that asks control daemons (status, limits, doctor); starting and stopping use NVIDIA's program */
    public CoreServices(HostEnvironment host, CommandRunner runner, ProcessTable processes, Path recordRoot, Clock clock,
                        LifecycleTimeouts timeouts, boolean simulated, GuideLink guide, ControlClient control) {
        this.control = control;
        this.host = host;
        this.guide = guide;
        this.simulated = simulated;
        this.store = new RecordStore(recordRoot, host.uid(), host.hostname(), clock);
        this.liveness = new Liveness(processes);
        this.runner = runner;
        this.processes = processes;
        this.clock = clock;
        this.timeouts = timeouts;
        for (int i = 0; i < SERVICES; i++) {
            building[i] = new Object();
        }
    }

    /** The service in {@code slot}, built on the first call, from any thread, exactly once. */
    @SuppressWarnings("unchecked")
    private <T> T service(int slot) {
        Object v = built.get(slot);
        if (v == null) {
            synchronized (building[slot]) {
                v = built.get(slot);
                if (v == null) {
                    v = build(slot);
                    built.set(slot, v);
                }
            }
        }
        return (T) v;
    }

    private Object build(int slot) {
        return switch (slot) {
            case LIFECYCLE -> LifecycleContext.of(host, runner, processes, store, clock, timeouts);
            case PLANNER -> new StartPlanner(host, runner);
            case STARTER -> new DaemonStarter(service(LIFECYCLE), planner());
            case STOPPER -> new DaemonStopper(service(LIFECYCLE));
            case FOREGROUND -> new ForegroundRunner(service(LIFECYCLE), starter());
            case TERMINATOR -> new ClientTerminator(service(LIFECYCLE));
            case STATUS -> new StatusService(host, runner, store, liveness, simulated);
            case DOCTOR -> new Doctor(host, runner, processes, store, liveness, timeouts.answer(), DoctorChecks.all(), guide, control);
            case ENV -> new EnvService(store, liveness);
            case LIVE -> new LiveSnapshotService(host, runner, processes, store, liveness, timeouts.answer(), LiveSnapshotService.LIVE_BUDGET,
                    control);
            case SNAPSHOTS -> new HostSnapshotService(status(), live());
            case LIMITS -> new LimitsService(host, runner, processes, store, liveness, timeouts.answer(), control);
            case FIXES -> new FixService(store, liveness, processes, stopper());
            case SELFTEST -> new Selftest(host, runner, processes, store, planner(), starter(), stopper(), status(), doctor(), env(),
                    clock, timeouts, simulated);
            case FOLDERS -> new FolderOpener(runner, host.childEnvironment());
            default -> throw new IllegalArgumentException("no service in slot " + slot);
        };
    }

    /**
     * Real runner, real /proc, system clock; records under {@code recordRoot} or uni-cumps's default;
     * the user guide the launcher named ({@code -Dcumps.guide}).
     */
    public static CoreServices real(HostEnvironment host, Optional<Path> recordRoot, boolean simulated) {
        return real(host, recordRoot, simulated, LifecycleTimeouts.defaults(), ControlClient.ONE_RUN);
    }

    /**
     * Like {@link #real(HostEnvironment, Optional, boolean)}, with the start's and stop's waits bounded by {@code timeouts},
     * daemons asked in-process from {@code inProcessFrom} daemons together ({@link ControlClient#LONG_LIVED} for the window,
     * {@link ControlClient#ONE_RUN} for one command-line run) unless {@code CUMPS_CONTROL_CLIENT} says otherwise.
     */
    public static CoreServices real(HostEnvironment host, Optional<Path> recordRoot, boolean simulated, LifecycleTimeouts timeouts,
                                    int inProcessFrom) {
        // Not orElseGet(() -> ...): no lambda before status starts its GPU query (HostSnapshotService#readWithLive).
        Path root = recordRoot.isPresent() ? recordRoot.get() : RecordStore.defaultRoot(host.home());
        return new CoreServices(host, new ProcessCommandRunner(), new ProcFsProcessTable(), root, Clock.systemUTC(),
                timeouts, simulated, GuideLink.fromSystemProperty(), ControlClient.chosenBy(host, inProcessFrom));
    }

    /** Where the user guide is (the doctor's links, the window's Guide dialog). */
    public GuideLink guide() {
        return guide;
    }

    /** Opens a folder in the file manager (the window's log pane). */
    public FolderOpener folders() {
        return service(FOLDERS);
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
        return service(PLANNER);
    }

    /**
     * Starts detached daemons, and previews a start for a dialog. Every start and stop locks the
     * record name, then the pipe directory, then (start only) the GPU, always in this order.
     */
    public DaemonStarter starter() {
        return service(STARTER);
    }

    /** Stop, stop --all, and moving a stale or unreadable record aside. */
    public DaemonStopper stopper() {
        return service(STOPPER);
    }

    /** {@code cumps start --foreground}: the daemon attached to this terminal. */
    public ForegroundRunner foreground() {
        return service(FOREGROUND);
    }

    /** Ends one MPS client of the caller's live daemon ({@code cumps terminate-client}, the window's Terminate client…). */
    public ClientTerminator terminator() {
        return service(TERMINATOR);
    }

    public StatusService status() {
        return service(STATUS);
    }

    public Doctor doctor() {
        return service(DOCTOR);
    }

    /** The live view: servers, clients and GPU load. */
    public LiveSnapshotService live() {
        return service(LIVE);
    }

    /** The host snapshot (status and live view from one GPU query): what every view of the host reads. */
    public HostSnapshotService snapshots() {
        return service(SNAPSHOTS);
    }

    /** The MPS limits of live daemons: recorded and current, and setting them. */
    public LimitsService limits() {
        return service(LIMITS);
    }

    /** The doctor's guided fixes ({@code doctor --fix}, the window's Fix…). */
    public FixService fixes() {
        return service(FIXES);
    }

    /** The hardware self-test ({@code cumps selftest}). */
    public Selftest selftest() {
        return service(SELFTEST);
    }

    public boolean simulated() {
        return simulated;
    }

    public EnvService env() {
        return service(ENV);
    }

}
