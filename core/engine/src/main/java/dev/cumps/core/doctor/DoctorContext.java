package dev.cumps.core.doctor;

import dev.cumps.core.exec.CommandResult;
import dev.cumps.core.gpu.Gpu;
import dev.cumps.core.gpu.GpuInventory;
import dev.cumps.core.gpu.Visibility;
import dev.cumps.core.host.HostEnvironment;
import dev.cumps.core.live.DaemonLimits;
import dev.cumps.core.live.DaemonSnapshot;
import dev.cumps.core.live.LimitsService;
import dev.cumps.core.live.LiveSnapshot;
import dev.cumps.core.live.LiveSnapshotService;
import dev.cumps.core.message.CumpsException;
import dev.cumps.core.mps.ControlPipe;
import dev.cumps.core.mps.MpsControl;
import dev.cumps.core.proc.ProcessTable;
import dev.cumps.core.record.DaemonRecord;
import dev.cumps.core.record.ManagedDaemon;
import dev.cumps.core.snapshot.HostSnapshot;
import dev.cumps.core.topology.Selectors;
import dev.cumps.core.topology.TopologyPlan;
import java.util.List;
import java.util.Objects;
import java.util.Optional;
import java.util.function.Supplier;

/**
 * The facts one doctor run looks at: the host read it was handed ({@link HostSnapshot}: nvidia-smi's inventory, the
 * records with their liveness, the live view of every daemon's servers and clients) and what it derives from it, each
 * at most once and only when a check (or the report) asks: the visible GPUs, the selector's plan, the selected
 * daemon, its control pipe and its one answer to {@code get_server_list} (the live view's), the recorded limits.
 * Checks stay small because they only judge these facts. One context serves one run on one thread.
 */
public final class DoctorContext {
    /** How many of control.log's last lines are searched for an error. */
    public static final int LOG_WINDOW = 20;

    private final HostSnapshot snapshot;
    private final Optional<String> selector;
    private final HostEnvironment host;
    private final ProcessTable processes;
    private final LimitsService limitsService;
    private final MpsControl control;

    private Attempt<List<Gpu>> visible;
    private Attempt<TopologyPlan> plan;
    private Optional<ControlPipe> controlPipe;
    private CommandResult answer;
    private DaemonSnapshot.Capability serverStatusCommand;
    private List<DaemonLimits> recordedLimits;

    /**
     * @param snapshot  the host read with its live view (at least {@code Detail.SERVERS})
     * @param selector  the {@code --gpus} selector as given
     * @param host      the caller's environment the snapshot was read with
     * @param processes this machine's processes (owners, start times)
     * @param limits    reads the live daemons' limits
     * @param control   asks the selected daemon what the live view did not
     */
    public DoctorContext(HostSnapshot snapshot, Optional<String> selector, HostEnvironment host, ProcessTable processes,
                         LimitsService limits, MpsControl control) {
        this.snapshot = Objects.requireNonNull(snapshot, "snapshot");
        snapshot.requireLive();
        this.selector = selector;
        this.host = host;
        this.processes = processes;
        this.limitsService = limits;
        this.control = control;
    }

    public HostEnvironment host() {
        return host;
    }

    public ProcessTable processes() {
        return processes;
    }

    /** The {@code --gpus} selector as given. */
    public Optional<String> selector() {
        return selector;
    }

    /** The caller's {@code CUDA_VISIBLE_DEVICES}. */
    public Optional<String> visibleDevicesMask() {
        return host.get("CUDA_VISIBLE_DEVICES");
    }

    public GpuInventory inventory() {
        return snapshot.gpus();
    }

    /** The GPUs {@code CUDA_VISIBLE_DEVICES} leaves visible; empty when nvidia-smi failed or the mask does not resolve. */
    public Optional<List<Gpu>> visible() {
        return visibleAttempt().value();
    }

    /** Why the mask does not resolve (nvidia-smi answered). */
    public Optional<CumpsException> visibilityError() {
        return visibleAttempt().error();
    }

    private Attempt<List<Gpu>> visibleAttempt() {
        if (visible == null) {
            visible = inventory().ok() ? Attempt.of(() -> Visibility.apply(visibleDevicesMask(), inventory().gpus())) : Attempt.none();
        }
        return visible;
    }

    /** The selector resolved against the visible GPUs; empty when they are unknown or it does not resolve. */
    public Optional<TopologyPlan> plan() {
        return planAttempt().value();
    }

    /** Why the selector does not resolve (the visible GPUs are known). */
    public Optional<CumpsException> planError() {
        return planAttempt().error();
    }

    private Attempt<TopologyPlan> planAttempt() {
        if (plan == null) {
            plan = visible().map(gpus -> Attempt.of(() -> Selectors.resolve(selector, gpus))).orElseGet(Attempt::none);
        }
        return plan;
    }

    /** The one GPU of a supported plan. */
    public Optional<Gpu> gpu() {
        return plan().filter(p -> p.mode().supported()).map(p -> p.gpus().get(0));
    }

    /** Every readable record of this user and host, assessed for liveness. */
    public List<ManagedDaemon> managed() {
        return snapshot.status().daemons();
    }

    /**
     * The records naming a GPU of the resolved plan, as uni-cumps's doctor lists them; every record
     * when the selector resolves to no plan (nothing to narrow by).
     */
    public List<ManagedDaemon> managedForPlan() {
        return plan().map(p -> managed().stream().filter(d -> p.gpus().stream().anyMatch(g -> d.record().gpuUuids().contains(g.uuid().value())))
                .toList()).orElseGet(this::managed);
    }

    /** The records naming the selected GPU (none without one). */
    public List<ManagedDaemon> managedForGpu() {
        return gpu().map(g -> managed().stream().filter(d -> d.record().gpuUuids().contains(g.uuid().value())).toList())
                .orElse(List.of());
    }

    /** The selected GPU's daemon: present when exactly one live record names the GPU. */
    public Optional<DaemonRecord> daemon() {
        List<ManagedDaemon> live = managedForGpu().stream().filter(ManagedDaemon::live).toList();
        return live.size() == 1 ? Optional.of(live.get(0).record()) : Optional.empty();
    }

    /** The selected daemon's control pipe, when its directory holds a socket or FIFO. */
    public Optional<ControlPipe> controlPipe() {
        if (controlPipe == null) {
            controlPipe = daemon().flatMap(r -> ControlPipe.in(r.pipeDirectory()));
        }
        return controlPipe;
    }

    /**
     * The selected daemon's answer to {@code get_server_list}, asked once; needs {@link #daemon()}. It is the
     * live view's run of that question (every doctor run reads the host with its live view: two checks read it),
     * so the daemon is asked it once per run; asked here only when the live view did not run it (its time
     * was spent first).
     */
    public CommandResult answer() {
        if (answer == null) {
            DaemonRecord r = daemon().orElseThrow(() -> new IllegalStateException("no daemon selected"));
            answer = live().daemons().stream()
                    .filter(d -> d.name().isPresent() && d.name().get().equals(r.name()) && d.pipeDirectory().equals(r.pipeDirectory()))
                    .findFirst().flatMap(DaemonSnapshot::serverList)
                    .orElseGet(() -> control.ask(r.pipeDirectory(), r.logDirectory(), "get_server_list"));
        }
        return answer;
    }

    /**
     * Whether the selected daemon knows {@code get_server_status}, asked once without a server pid:
     * R535 answers {@code Unknown command "get_server_status"} (and writes no pid file), R550 and
     * later {@code A server PID is required}. Unknown when the daemon does not answer.
     */
    public DaemonSnapshot.Capability serverStatusCommand() {
        if (serverStatusCommand == null) {
            DaemonRecord r = daemon().orElseThrow(() -> new IllegalStateException("no daemon selected"));
            CommandResult reply = control.ask(r.pipeDirectory(), r.logDirectory(), "get_server_status");
            serverStatusCommand = MpsControl.answered(reply) ? DaemonSnapshot.Capability.ofServerStatusReply(reply.stdout())
                    : DaemonSnapshot.Capability.UNKNOWN;
        }
        return serverStatusCommand;
    }

    /**
     * The limits of every live managed daemon whose record has limits: recorded and what the daemon
     * reports now (one control timeout at most per daemon that hangs); asked once.
     */
    public List<DaemonLimits> recordedLimits() {
        if (recordedLimits == null) {
            recordedLimits = limitsService.read(managed().stream().filter(ManagedDaemon::live).map(ManagedDaemon::record)
                    .filter(r -> !r.limits().isEmpty()).toList());
        }
        return recordedLimits;
    }

    /**
     * The live snapshot of every live managed daemon (and, read-only, the unmanaged control pipes the caller can
     * connect to), read with this run's nvidia-smi inventory: at least what the checks judge
     * ({@link LiveSnapshotService.Detail#SERVERS}: a managed daemon's servers, an unmanaged pipe's clients, no GPU
     * memory); {@code metrics} hands the doctor its {@code FULL} read.
     */
    public LiveSnapshot live() {
        return snapshot.requireLive();
    }

    /** A fact that was either found or refused with a reason; {@link #none()} when its premise was missing. */
    private record Attempt<T>(Optional<T> value, Optional<CumpsException> error) {
        static <T> Attempt<T> of(Supplier<T> fact) {
            try {
                return new Attempt<>(Optional.of(fact.get()), Optional.empty());
            } catch (CumpsException e) {
                return new Attempt<>(Optional.empty(), Optional.of(e));
            }
        }

        static <T> Attempt<T> none() {
            return new Attempt<>(Optional.empty(), Optional.empty());
        }
    }
}
