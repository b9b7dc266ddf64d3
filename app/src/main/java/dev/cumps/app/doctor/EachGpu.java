package dev.cumps.app.doctor;

import dev.cumps.core.doctor.CheckResult;
import dev.cumps.core.doctor.DoctorCheckId;
import dev.cumps.core.doctor.DoctorReport;
import dev.cumps.core.gpu.Gpu;
import dev.cumps.core.record.ManagedDaemon;
import dev.cumps.core.status.HostStatus;
import java.util.ArrayList;
import java.util.Collections;
import java.util.EnumSet;
import java.util.IdentityHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;

/**
 * The doctor of the window with no GPU chosen on a host where several GPUs are visible: rather than
 * the core's default, which fails {@code topology} and tells the user to pass {@code --gpus} (a flag
 * the window does not have), the window diagnoses each visible GPU in turn. The checks about one GPU
 * and its daemon appear once per GPU, their title led by the GPU ("GPU 1 · …"); the checks about the
 * host and all of your daemons appear once, from the first GPU's run.
 */
final class EachGpu {
    /** The checks whose result depends on the GPU the selector resolves to (and on that GPU's daemon). */
    static final Set<DoctorCheckId> PER_GPU = Collections.unmodifiableSet(EnumSet.of(DoctorCheckId.TOPOLOGY, DoctorCheckId.MIG,
            DoctorCheckId.COMPUTE_MODE, DoctorCheckId.DAEMON_COUNT, DoctorCheckId.IDENTITY, DoctorCheckId.CONTROL_PIPE,
            DoctorCheckId.PIPE_ACCESS, DoctorCheckId.ANSWERS, DoctorCheckId.PID_FILE, DoctorCheckId.CONTROL_LOG,
            DoctorCheckId.ENV_PIPE_DIRECTORY, DoctorCheckId.ENV_VISIBLE_INDEX));

    /** Which GPU each per-GPU check of the current run is about (by identity: two GPUs may give equal checks). */
    private final Map<CheckResult, Integer> gpuOf = Collections.synchronizedMap(new IdentityHashMap<>());

    private EachGpu() {
    }

    static EachGpu create() {
        return new EachGpu();
    }

    /** The GPUs to diagnose one by one for a blank selector: the visible ones when there are several, else none (the core's default serves). */
    static List<Gpu> visibleWhenSeveral(HostStatus status) {
        if (status == null) {
            return List.of();
        }
        List<Gpu> visible = status.gpus().stream().filter(HostStatus.GpuRow::visible).map(HostStatus.GpuRow::gpu).toList();
        return visible.size() > 1 ? visible : List.of();
    }

    /** Whether the window shows {@code check} of the run for the {@code runIndex}-th GPU, noting its GPU when it is per GPU. */
    boolean keep(CheckResult check, Gpu gpu, int runIndex) {
        if (PER_GPU.contains(check.checkId())) {
            gpuOf.put(check, gpu.index());
            return true;
        }
        return runIndex == 0;
    }

    /** The GPU a row of the current run is about, if it is a per-GPU check of an each-GPU run. */
    Optional<Integer> gpuOf(CheckResult check) {
        return Optional.ofNullable(gpuOf.get(check));
    }

    void clear() {
        gpuOf.clear();
    }

    /** One report of the runs: the checks the window kept, in their order; the first run's modes, sharing evidence and guide; every GPU planned. */
    static DoctorReport merged(List<CheckResult> kept, List<DoctorReport> runs) {
        DoctorReport first = runs.get(0);
        List<Gpu> gpus = new ArrayList<>();
        Set<ManagedDaemon> daemons = new LinkedHashSet<>();
        for (DoctorReport run : runs) {
            gpus.addAll(run.plan().gpus());
            daemons.addAll(run.managedDaemons());
        }
        DoctorReport.Plan plan = new DoctorReport.Plan("", first.plan().mode(), gpus);
        return new DoctorReport(kept, first.compatibleModes(), plan, List.copyOf(daemons), first.sharing(), first.guide());
    }
}
