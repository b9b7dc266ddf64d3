package dev.cumps.app.doctor;

import dev.cumps.core.doctor.DoctorReport;
import dev.cumps.core.record.ManagedDaemon;
import dev.cumps.core.status.HostStatus;
import java.util.List;
import java.util.Set;
import java.util.TreeSet;
import javafx.beans.property.ReadOnlyBooleanProperty;
import javafx.beans.property.ReadOnlyBooleanWrapper;
import javafx.beans.value.ObservableValue;

/**
 * Whether the doctor's result still describes the host: it is marked out of date when a status
 * refresh after the run shows other records, daemons (pid, start time, live or stale) or control
 * pipes than the run saw. The records and daemons of the run are the report's own; the pipes are
 * those of the first refresh after the run. A new run clears the mark. UI thread only.
 */
public final class DoctorFreshness {
    private final ReadOnlyBooleanWrapper outOfDate = new ReadOnlyBooleanWrapper(this, "outOfDate", false);
    private Set<String> daemonsAtRun;
    private Set<String> pipesAtRun;

    /** Follows the doctor's report and the window's status refreshes. */
    void follow(ObservableValue<DoctorReport> report, ObservableValue<HostStatus> status) {
        report.addListener((obs, before, now) -> ran(now));
        status.addListener((obs, before, now) -> refreshed(now));
        ran(report.getValue());
    }

    private void ran(DoctorReport report) {
        outOfDate.set(false);
        daemonsAtRun = report == null ? null : daemons(report.managedDaemons());
        // The pipes are compared from the first refresh after the run: the last one may predate it.
        pipesAtRun = null;
    }

    private void refreshed(HostStatus status) {
        if (status == null || daemonsAtRun == null) {
            return;
        }
        if (pipesAtRun == null) {
            pipesAtRun = pipes(status);
        }
        if (!daemons(status.daemons()).equals(daemonsAtRun) || !pipes(status).equals(pipesAtRun)) {
            outOfDate.set(true);
        }
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
