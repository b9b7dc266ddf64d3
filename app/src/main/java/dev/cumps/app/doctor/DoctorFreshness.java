package dev.cumps.app.doctor;

import dev.cumps.core.doctor.DoctorReport;
import dev.cumps.core.record.ManagedDaemon;
import dev.cumps.core.status.HostStatus;
import java.util.List;
import java.util.Set;
import java.util.TreeSet;
import java.util.stream.Collectors;
import javafx.beans.property.ReadOnlyBooleanProperty;
import javafx.beans.property.ReadOnlyBooleanWrapper;
import javafx.beans.value.ObservableValue;

/**
 * Whether the doctor's result still describes the host: it is marked out of date when a status
 * refresh after the run shows other records, daemons (pid, start time, live or stale) or control
 * pipes than the run saw. The records and daemons the run judged are the report's own (those of the
 * GPUs it diagnosed), and a refresh's records are narrowed the same way before they are compared: a
 * record on another GPU is not what a one-GPU run judged (defect M-2 of the 2026-12-06 review). The
 * other GPUs' records and the pipes are compared with the first refresh after the run. A new run
 * clears the mark. UI thread only.
 */
public final class DoctorFreshness {
    private final ReadOnlyBooleanWrapper outOfDate = new ReadOnlyBooleanWrapper(this, "outOfDate", false);
    private Set<String> daemonsAtRun;
    private Set<String> othersAtRun;
    private Set<String> pipesAtRun;
    private Set<String> planGpus;

    /** Follows the doctor's report and the window's status refreshes. */
    void follow(ObservableValue<DoctorReport> report, ObservableValue<HostStatus> status) {
        report.addListener((obs, before, now) -> ran(now));
        status.addListener((obs, before, now) -> refreshed(now));
        ran(report.getValue());
    }

    private void ran(DoctorReport report) {
        outOfDate.set(false);
        daemonsAtRun = report == null ? null : daemons(report.managedDaemons());
        planGpus = report == null || !report.plan().resolved() ? Set.of()
                : report.plan().gpus().stream().map(g -> g.uuid().value()).collect(Collectors.toSet());
        // The pipes and the other GPUs' records are compared from the first refresh after the run: the last one may predate it.
        pipesAtRun = null;
        othersAtRun = null;
    }

    private void refreshed(HostStatus status) {
        if (status == null || daemonsAtRun == null) {
            return;
        }
        List<ManagedDaemon> judged = status.daemons().stream().filter(this::judged).toList();
        List<ManagedDaemon> others = status.daemons().stream().filter(d -> !judged(d)).toList();
        if (pipesAtRun == null) {
            pipesAtRun = pipes(status);
            othersAtRun = daemons(others);
        }
        if (!daemons(judged).equals(daemonsAtRun) || !daemons(others).equals(othersAtRun) || !pipes(status).equals(pipesAtRun)) {
            outOfDate.set(true);
        }
    }

    /** Whether the run judged {@code d}: it names a GPU the run diagnosed (every record when the selector resolved to none). */
    private boolean judged(ManagedDaemon d) {
        return planGpus.isEmpty() || d.record().gpuUuids().stream().anyMatch(planGpus::contains);
    }

    private static Set<String> daemons(List<ManagedDaemon> daemons) {
        Set<String> keys = new TreeSet<>();
        for (ManagedDaemon d : daemons) {
            keys.add(d.name() + " " + d.record().pid() + " " + d.record().processStartTicks() + " " + d.live());
        }
        return keys;
    }

    private static Set<String> pipes(HostStatus status) {
        Set<String> keys = new TreeSet<>();
        status.controlPipes().forEach(p -> keys.add(p.path() + " " + p.kind().id() + " " + p.managedNames()));
        status.unreadable().forEach(u -> keys.add("unreadable " + u.name()));
        return keys;
    }

    /** True once the host changed after the run; false during and right after a run. */
    public ReadOnlyBooleanProperty outOfDateProperty() {
        return outOfDate.getReadOnlyProperty();
    }
}
