package dev.cumps.core;

import dev.cumps.core.doctor.Doctor;
import dev.cumps.core.doctor.checks.DoctorChecks;
import dev.cumps.core.env.EnvService;
import dev.cumps.core.exec.CommandRunner;
import dev.cumps.core.exec.FolderOpener;
import dev.cumps.core.exec.ProcessCommandRunner;
import dev.cumps.core.fix.FixService;
import dev.cumps.core.fleet.Fleet;
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
import dev.cumps.core.mps.MpsControl;
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
    private final ControlClient client;
    private final ProcessTable processes;
    private final Clock clock;
    private final LifecycleTimeouts timeouts;
    // Built on first use by plain synchronized getters: a command builds only what it uses, so `status` never loads
    // a doctor check, the lifecycle or the self-test. No lambda or holder per service: each resolved lambda loaded
    // its service's class on every start (decision 0020, docs/performance.md section 8).
    private LifecycleContext lifecycle;
    private StartPlanner planner;
    private DaemonStarter starter;
    private DaemonStopper stopper;
    private ForegroundRunner foreground;
    private ClientTerminator terminator;
    private StatusService status;
    private Doctor doctor;
    private EnvService env;
    private LiveSnapshotService live;
    private HostSnapshotService snapshots;
    private LimitsService limits;
    private FixService fixes;
    private Selftest selftest;
    private FolderOpener folders;
    private Fleet fleet;
    private MpsControl control;
    private MpsControl programControl;

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
        this.client = control;
        this.host = host;
        this.guide = guide;
        this.simulated = simulated;
        this.store = new RecordStore(recordRoot, host.uid(), host.hostname(), clock);
        this.liveness = new Liveness(processes);
        this.runner = runner;
        this.processes = processes;
        this.clock = clock;
        this.timeouts = timeouts;
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
        // Not orElseGet(() -> ...): no lambda before status starts its GPU query (HostSnapshotService#read).
        Path root = recordRoot.isPresent() ? recordRoot.get() : RecordStore.defaultRoot(host.home());
        return new CoreServices(host, processRunner(), new ProcFsProcessTable(), root, Clock.systemUTC(),
                timeouts, simulated, GuideLink.fromSystemProperty(), ControlClient.chosenBy(host, inProcessFrom));
    }

    /** Real processes, for what runs beside the services: {@code top}'s {@code stty}, the desktop's colour scheme. */
    public static CommandRunner processRunner() {
        return new ProcessCommandRunner();
    }

    /** How the live view, limits and the doctor ask a daemon: one client for all three (NVIDIA's program its fallback). */
    public synchronized MpsControl control() {
        if (control == null) {
            control = new MpsControl(runner, host, timeouts.answer(), client);
        }
        return control;
    }

    /** NVIDIA's program only: how start, stop and the self-test ask the daemon they launched or stop. */
    private synchronized MpsControl programControl() {
        if (programControl == null) {
            programControl = new MpsControl(runner, host, timeouts.answer());
        }
        return programControl;
    }

    /** Where the user guide is (the doctor's links, the window's Guide dialog). */
    public GuideLink guide() {
        return guide;
    }

    /** Opens a folder in the file manager (the window's log pane). */
    public synchronized FolderOpener folders() {
        if (folders == null) {
            folders = new FolderOpener(runner, host.childEnvironment());
        }
        return folders;
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
    public synchronized StartPlanner planner() {
        if (planner == null) {
            planner = new StartPlanner(host, runner);
        }
        return planner;
    }

    /**
     * Starts detached daemons, and previews a start for a dialog. Every start and stop locks the
     * record name, then the pipe directory, then (start only) the GPU, always in this order.
     */
    public synchronized DaemonStarter starter() {
        if (starter == null) {
            starter = new DaemonStarter(lifecycle(), planner());
        }
        return starter;
    }

    /** Stop, stop --all, and moving a stale or unreadable record aside. */
    public synchronized DaemonStopper stopper() {
        if (stopper == null) {
            stopper = new DaemonStopper(lifecycle());
        }
        return stopper;
    }

    /** {@code cumps start --foreground}: the daemon attached to this terminal. */
    public synchronized ForegroundRunner foreground() {
        if (foreground == null) {
            foreground = new ForegroundRunner(lifecycle(), starter());
        }
        return foreground;
    }

    /** Ends one MPS client of the caller's live daemon ({@code cumps terminate-client}, the window's Terminate client…). */
    public synchronized ClientTerminator terminator() {
        if (terminator == null) {
            terminator = new ClientTerminator(lifecycle());
        }
        return terminator;
    }

    public synchronized StatusService status() {
        if (status == null) {
            status = new StatusService(host, runner, store, liveness, simulated);
        }
        return status;
    }

    public synchronized Doctor doctor() {
        if (doctor == null) {
            doctor = new Doctor(snapshots(), limits(), control(), host, processes, DoctorChecks.all(), guide);
        }
        return doctor;
    }

    /** The live view: servers, clients and GPU load. */
    public synchronized LiveSnapshotService live() {
        if (live == null) {
            live = new LiveSnapshotService(host, runner, processes, store, liveness, control(), LiveSnapshotService.LIVE_BUDGET);
        }
        return live;
    }

    /** The host snapshot (status and live view from one GPU query): what every view of the host reads. */
    public synchronized HostSnapshotService snapshots() {
        if (snapshots == null) {
            snapshots = new HostSnapshotService(status(), live());
        }
        return snapshots;
    }

    /** The MPS limits of live daemons: recorded and current, and setting them. */
    public synchronized LimitsService limits() {
        if (limits == null) {
            limits = new LimitsService(processes, store, liveness, control());
        }
        return limits;
    }

    /** The doctor's guided fixes ({@code doctor --fix}, the window's Fix…). */
    public synchronized FixService fixes() {
        if (fixes == null) {
            fixes = new FixService(store, liveness, processes, stopper());
        }
        return fixes;
    }

    /** The hardware self-test ({@code cumps selftest}). */
    public synchronized Selftest selftest() {
        if (selftest == null) {
            selftest = new Selftest(host, runner, processes, store, planner(), starter(), stopper(), status(), doctor(), env(),
                    programControl(), clock, timeouts, simulated);
        }
        return selftest;
    }

    /** Where the lifecycle's services read and write: built once, shared by start, stop, foreground and terminate. */
    private synchronized LifecycleContext lifecycle() {
        if (lifecycle == null) {
            lifecycle = LifecycleContext.of(host, runner, processes, store, clock, timeouts, programControl());
        }
        return lifecycle;
    }

    /** The processes of this machine ({@code /proc}): what a view reads a pid's start time from. */
    public ProcessTable processes() {
        return processes;
    }

    /** Reads hosts over ssh and runs cumps on them ({@code cumps fleet}, the window's Hosts page). */
    public synchronized Fleet fleet() {
        if (fleet == null) {
            fleet = new Fleet(runner, host, clock);
        }
        return fleet;
    }

    public boolean simulated() {
        return simulated;
    }

    public synchronized EnvService env() {
        if (env == null) {
            env = new EnvService(store, liveness);
        }
        return env;
    }

}
