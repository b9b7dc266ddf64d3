package dev.cumps.core.doctor;

import dev.cumps.core.gpu.Gpu;
import dev.cumps.core.guide.GuideLink;
import dev.cumps.core.host.HostEnvironment;
import dev.cumps.core.live.LimitsService;
import dev.cumps.core.live.LiveSnapshotService.Detail;
import dev.cumps.core.message.CumpsException;
import dev.cumps.core.message.Message;
import dev.cumps.core.mps.MpsControl;
import dev.cumps.core.proc.ProcessTable;
import dev.cumps.core.snapshot.HostSnapshot;
import dev.cumps.core.snapshot.HostSnapshotService;
import dev.cumps.core.status.StatusService;
import dev.cumps.core.topology.Selectors;
import java.util.ArrayList;
import java.util.EnumMap;
import java.util.EnumSet;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.Set;
import java.util.concurrent.CancellationException;
import java.util.function.Consumer;

/**
 * Read-only diagnosis of the host for one selector: runs a list of {@link Check}s in order over one
 * {@link DoctorContext}. A check whose declared {@link Need}s do not all hold is not run; the runner
 * reports it as {@code skipped: needs <the first missing fact>}. Nothing is written and nothing is
 * signalled: the only command sent to a daemon is {@code get_server_list}. (To tell an orphaned
 * control socket, {@link PipeLeftovers} opens a connection to a socket no live record or running
 * daemon claims and closes it at once, sending nothing.) What the product could fix is named as
 * {@link FixTarget}s and done elsewhere ({@code dev.cumps.core.fix}).
 */
public final class Doctor {
    /** {@code plan.selector} when no {@code --gpus} was given: uni-cumps's word for its default. */
    public static final String AUTO_SELECTOR = "auto";
    private final HostSnapshotService snapshots;
    private final LimitsService limits;
    private final MpsControl control;
    private final HostEnvironment host;
    private final ProcessTable processes;
    private final List<Check> checks;
    private final GuideLink guide;

    /**
     * @param snapshots reads the host (GPUs, records, the live view) once per run
     * @param limits    reads the live daemons' limits
     * @param control   asks the selected daemon what the live view did not ({@code get_server_status})
     * @param host      the caller's environment ({@code CUDA_VISIBLE_DEVICES}, paths)
     * @param processes this machine's processes
     * @param checks    the checks in the order they run; each need must rest on an earlier check
     * @param guide     the user guide the reports link each check to
     */
    public Doctor(HostSnapshotService snapshots, LimitsService limits, MpsControl control, HostEnvironment host, ProcessTable processes,
                  List<Check> checks, GuideLink guide) {
        this.snapshots = Objects.requireNonNull(snapshots, "snapshots");
        this.limits = Objects.requireNonNull(limits, "limits");
        this.control = Objects.requireNonNull(control, "control");
        this.guide = Objects.requireNonNull(guide, "guide");
        this.host = host;
        this.processes = processes;
        this.checks = List.copyOf(checks);
        requireNeedsBefore(this.checks);
    }

    private static void requireNeedsBefore(List<Check> checks) {
        Set<DoctorCheckId> earlier = EnumSet.noneOf(DoctorCheckId.class);
        for (Check check : checks) {
            for (Need need : check.needs()) {
                if (!earlier.contains(need.establishedBy())) {
                    throw new IllegalArgumentException(check.id() + " needs " + need + ", which no earlier check establishes");
                }
            }
            if (!earlier.add(check.id())) {
                throw new IllegalArgumentException("check " + check.id() + " is listed twice");
            }
        }
    }

    public List<Check> checks() {
        return checks;
    }

    public DoctorReport run(Optional<String> selector) {
        return run(selector, check -> { });
    }

    /**
     * Runs every check on {@code snapshot}, a host read with its live view the caller has just made
     * ({@code cumps metrics}: one nvidia-smi query and one round of questions per scrape).
     */
    public DoctorReport run(Optional<String> selector, HostSnapshot snapshot) {
        return run(new DoctorContext(snapshot, selector, host, processes, limits, control), check -> { });
    }

    /**
     * Reads the host with what the checks judge ({@link Detail#SERVERS}), then runs every check on it, handing each
     * result to {@code listener} as it completes. Interruption cancels.
     */
    public DoctorReport run(Optional<String> selector, Consumer<CheckResult> listener) {
        return run(new DoctorContext(read(), selector, host, processes, limits, control), listener);
    }

    /**
     * The doctor as {@code cumps doctor} and the window run it: {@link #run(Optional, Consumer)}, except
     * with no selector on a host where several GPUs are visible, where the core's default would fail
     * {@code topology} asking for {@code --gpus}: then each visible GPU is diagnosed in turn on one read
     * of the host ({@link EachVisibleGpu}). A selector naming several GPUs ({@code all}, {@code 0,1})
     * still fails closed.
     */
    public DoctorReport diagnose(Optional<String> selector, Consumer<CheckResult> listener) {
        HostSnapshot snapshot = read();
        DoctorContext given = new DoctorContext(snapshot, selector, host, processes, limits, control);
        List<Gpu> each = selector.isEmpty() ? given.visible().filter(gpus -> gpus.size() > 1).orElse(List.of()) : List.of();
        if (each.isEmpty()) {
            return run(given, listener);
        }
        List<DoctorReport> runs = new ArrayList<>();
        List<CheckResult> kept = new ArrayList<>();
        for (int i = 0; i < each.size(); i++) {
            Gpu gpu = each.get(i);
            boolean first = i == 0;
            DoctorContext one = new DoctorContext(snapshot, Optional.of(gpu.uuid().value()), host, processes, limits, control);
            runs.add(run(one, check -> EachVisibleGpu.kept(check, gpu, first).ifPresent(row -> {
                kept.add(row);
                listener.accept(row);
            })));
        }
        return EachVisibleGpu.merged(kept, runs);
    }

    /** {@link #diagnose(Optional, Consumer)} without a listener. */
    public DoctorReport diagnose(Optional<String> selector) {
        return diagnose(selector, check -> { });
    }

    /** The host with what the checks judge ({@link Detail#SERVERS}); interruption cancels. */
    private HostSnapshot read() {
        HostSnapshot snapshot;
        try {
            snapshot = snapshots.read(Detail.SERVERS);
        } catch (CancellationException e) {
            throw new CumpsException(Message.of(DoctorMessages.RUN_CANCELLED));
        }
        // A query that finished before the interrupt returns its answer all the same: cancelled either way, before any check.
        if (Thread.currentThread().isInterrupted()) {
            throw new CumpsException(Message.of(DoctorMessages.RUN_CANCELLED));
        }
        return snapshot;
    }

    private DoctorReport run(DoctorContext context, Consumer<CheckResult> listener) {
        Map<DoctorCheckId, CheckStatus> statuses = new EnumMap<>(DoctorCheckId.class);
        List<CheckResult> results = new ArrayList<>();
        for (Check check : checks) {
            Optional<Need> missing = check.needs().stream().filter(need -> !holds(need, statuses)).findFirst();
            CheckResult result = missing.map(need -> skipped(check.id(), need)).orElseGet(() -> evaluated(check, context));
            if (Thread.currentThread().isInterrupted()) {
                throw new CumpsException(Message.of(DoctorMessages.RUN_CANCELLED));
            }
            statuses.put(result.checkId(), result.status());
            results.add(result);
            listener.accept(result);
        }
        Optional<String> selector = context.selector();
        // uni-cumps names the selector that was not given "auto" (its default), not "".
        String given = selector.orElse(AUTO_SELECTOR);
        DoctorReport.Plan plan = context.plan().map(p -> new DoctorReport.Plan(given, p.mode(), p.gpus()))
                .orElseGet(() -> new DoctorReport.Plan(given, Selectors.requestedMode(selector), List.of()));
        return new DoctorReport(results, context.visible().map(StatusService::compatibleModes).orElse(List.of()), plan,
                context.managedForPlan(), SharingEvidence.of(context, results), guide);
    }

    /** A need holds when the check establishing it ran and did not fail. */
    private static boolean holds(Need need, Map<DoctorCheckId, CheckStatus> statuses) {
        CheckStatus status = statuses.get(need.establishedBy());
        return status == CheckStatus.PASS || status == CheckStatus.WARN;
    }

    private static CheckResult skipped(DoctorCheckId id, Need need) {
        return new CheckResult(id, CheckStatus.SKIP, Message.of(DoctorMessages.SKIPPED, Message.of(need.wording())), Optional.empty(),
                Optional.empty());
    }

    /**
     * The check's verdict; a check that throws is a FAIL row saying it could not run and why, so one broken
     * check never ends the run without a report (the checks that need it are then skipped). A cancelled run
     * still ends at once.
     */
    private static CheckResult evaluated(Check check, DoctorContext context) {
        try {
            return judged(check.id(), check.evaluate(context));
        } catch (RuntimeException e) {
            if (Thread.currentThread().isInterrupted()
                    || e instanceof CumpsException c && c.errorMessage().id() == DoctorMessages.RUN_CANCELLED) {
                throw e;
            }
            Object why = e instanceof CumpsException c ? c.errorMessage() : e.getClass().getSimpleName() + ": " + e.getMessage();
            return new CheckResult(check.id(), CheckStatus.FAIL, Message.of(DoctorMessages.CHECK_COULD_NOT_RUN, why),
                    Optional.of(Message.of(DoctorMessages.CHECK_RUNS)), Optional.of(Message.of(DoctorMessages.CHECK_COULD_NOT_RUN_REMEDY)));
        }
    }

    /** A passing check needs no remedy, so none is shown. */
    private static CheckResult judged(DoctorCheckId id, Finding finding) {
        return new CheckResult(id, finding.status(), finding.observed(), Optional.of(finding.expected()),
                finding.status() == CheckStatus.PASS ? Optional.empty() : finding.remedy(), finding.fixes());
    }
}
