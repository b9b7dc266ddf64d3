package dev.cumps.core.doctor;

import dev.cumps.core.gpu.Gpu;
import dev.cumps.core.record.ManagedDaemon;
import java.util.ArrayList;
import java.util.Collections;
import java.util.EnumSet;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Optional;
import java.util.Set;

/**
 * The doctor with no selector on a host where several GPUs are visible ({@link Doctor#diagnose}): each
 * visible GPU is diagnosed in turn. The checks about one GPU and its daemon appear once per GPU, each
 * result naming its GPU ({@link CheckResult#gpu()}, titled "GPU n · …"); the checks about the host and
 * all of your daemons appear once, from the first GPU's run.
 */
final class EachVisibleGpu {
    /** The checks whose result depends on the GPU the selector resolves to (and on that GPU's daemon). */
    static final Set<DoctorCheckId> PER_GPU = Collections.unmodifiableSet(EnumSet.of(DoctorCheckId.TOPOLOGY, DoctorCheckId.MIG,
            DoctorCheckId.COMPUTE_MODE, DoctorCheckId.DAEMON_COUNT, DoctorCheckId.IDENTITY, DoctorCheckId.CONTROL_PIPE,
            DoctorCheckId.PIPE_ACCESS, DoctorCheckId.ANSWERS, DoctorCheckId.PID_FILE, DoctorCheckId.CONTROL_LOG,
            DoctorCheckId.ENV_PIPE_DIRECTORY, DoctorCheckId.ENV_VISIBLE_INDEX));

    private EachVisibleGpu() {
    }

    /** The result the report keeps of {@code check} from {@code gpu}'s run: a per-GPU check naming its GPU, a host check from the first run only. */
    static Optional<CheckResult> kept(CheckResult check, Gpu gpu, boolean firstRun) {
        if (PER_GPU.contains(check.checkId())) {
            return Optional.of(check.about(gpu));
        }
        return firstRun ? Optional.of(check) : Optional.empty();
    }

    /** One report of the runs: the kept checks in their order; the first run's modes, sharing evidence and guide; every GPU planned. */
    static DoctorReport merged(List<CheckResult> kept, List<DoctorReport> runs) {
        DoctorReport first = runs.get(0);
        List<Gpu> gpus = new ArrayList<>();
        Set<ManagedDaemon> daemons = new LinkedHashSet<>();
        for (DoctorReport run : runs) {
            gpus.addAll(run.plan().gpus());
            daemons.addAll(run.managedDaemons());
        }
        DoctorReport.Plan plan = new DoctorReport.Plan(Doctor.AUTO_SELECTOR, first.plan().mode(), gpus, true);
        return new DoctorReport(kept, first.compatibleModes(), plan, List.copyOf(daemons), first.sharing(), first.guide());
    }
}
