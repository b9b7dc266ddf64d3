package dev.cumps.core.fix;

import dev.cumps.core.doctor.CheckResult;
import dev.cumps.core.doctor.DoctorReport;
import dev.cumps.core.doctor.FixTarget;
import dev.cumps.core.lifecycle.DaemonStopper;
import dev.cumps.core.lifecycle.StopOutcome;
import dev.cumps.core.message.CumpsException;
import dev.cumps.core.message.Message;
import dev.cumps.core.proc.ProcessTable;
import dev.cumps.core.record.DaemonRecord;
import dev.cumps.core.record.Liveness;
import dev.cumps.core.record.RecordLookup;
import dev.cumps.core.record.RecordStore;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

/**
 * The doctor's guided fixes ({@code cumps doctor --fix}, the window's Fix… button): turns the fix
 * targets of a {@link DoctorReport} into {@link Fix}es with their dry-run text, and applies one after
 * checking again, right before, that it still holds. Each goes through the same verified operation as
 * the CLI: a stale record through the remove-record path (it refuses a live one under the record's
 * lock), an extra daemon through the verified stop (pid and start time; never the daemon the kept record
 * names, whatever the records are called), and a leftover socket or pid
 * file through {@link LeftoverRemoval} (no link followed, the caller's own file in the caller's
 * private directory). Nothing else is touched.
 */
public final class FixService {
    private final RecordStore store;
    private final Liveness liveness;
    private final DaemonStopper stopper;
    private final LeftoverRemoval leftovers;

    public FixService(RecordStore store, Liveness liveness, ProcessTable processes, DaemonStopper stopper) {
        this.store = store;
        this.liveness = liveness;
        this.stopper = stopper;
        this.leftovers = new LeftoverRemoval(store, liveness, processes);
    }

    /** Every fix the report's checks offer, in the order of the checks. */
    public List<Fix> plan(DoctorReport report) {
        List<Fix> fixes = new ArrayList<>();
        for (CheckResult check : report.checks()) {
            fixes.addAll(plan(check));
        }
        return fixes;
    }

    /** The fixes one check offers (the window's Fix… on that row). */
    public List<Fix> plan(CheckResult check) {
        return check.fixes().stream().map(t -> new Fix(check.checkId(), t, describe(t))).toList();
    }

    /** Applies every fix in order; one refusal or failure does not stop the rest. */
    public List<FixOutcome> applyAll(List<Fix> fixes) {
        return fixes.stream().map(this::apply).toList();
    }

    /** Checks {@code fix} again and applies it; never throws for a refusal (the outcome says why). */
    public FixOutcome apply(Fix fix) {
        try {
            FixTarget target = fix.target();
            if (target instanceof FixTarget.StaleRecord t) {
                return removeStaleRecord(fix, t);
            }
            if (target instanceof FixTarget.ExtraDaemon t) {
                return stopExtraDaemon(fix, t);
            }
            Path file = target instanceof FixTarget.OrphanedSocket t ? t.socket() : ((FixTarget.StalePidFile) target).pidFile();
            if (LeftoverRemoval.gone(file)) {
                // Removing a stale record removes what its dead daemon left, so a later fix in the same plan finds it gone.
                return new FixOutcome(fix, true, Message.of(FixMessages.ALREADY_GONE, file));
            }
            if (target instanceof FixTarget.OrphanedSocket t) {
                return done(fix, leftovers.removeOrphanedSocket(t));
            }
            return done(fix, leftovers.removeStalePidFile((FixTarget.StalePidFile) target));
        } catch (CumpsException e) {
            return new FixOutcome(fix, false, e.errorMessage());
        }
    }

    private Message describe(FixTarget target) {
        if (target instanceof FixTarget.StaleRecord t) {
            return Message.of(FixMessages.DESCRIBE_STALE_RECORD, store.recordFile(t.name()), t.pid(), t.startTicks(),
                    store.root().resolve(RecordStore.STALE_DIR));
        }
        if (target instanceof FixTarget.ExtraDaemon t) {
            return Message.of(FixMessages.DESCRIBE_EXTRA_DAEMON, t.name(), t.pid(), t.startTicks(), t.gpuUuid(), t.keptName());
        }
        if (target instanceof FixTarget.OrphanedSocket t) {
            return Message.of(FixMessages.DESCRIBE_ORPHANED_SOCKET, t.socket());
        }
        FixTarget.StalePidFile t = (FixTarget.StalePidFile) target;
        return Message.of(FixMessages.DESCRIBE_STALE_PID_FILE, t.pidFile(), t.pid());
    }

    private FixOutcome removeStaleRecord(Fix fix, FixTarget.StaleRecord t) {
        Optional<DaemonRecord> now = sameRecord(t.name(), t.pid(), t.startTicks());
        if (now.isEmpty()) {
            throw new CumpsException(Message.of(FixMessages.RECORD_CHANGED, t.name(), t.pid(), t.startTicks()));
        }
        if (liveness.assess(now.get()).live()) {
            throw new CumpsException(Message.of(FixMessages.RECORD_LIVE_AGAIN, t.name()));
        }
        // The remove-record path takes the record's lock and refuses a live record once more under it.
        Path moved = stopper.removeRecord(t.name());
        return new FixOutcome(fix, true, Message.of(FixMessages.MOVED_RECORD, t.name(), moved));
    }

    private FixOutcome stopExtraDaemon(Fix fix, FixTarget.ExtraDaemon t) {
        Optional<DaemonRecord> extra = sameRecord(t.name(), t.pid(), t.startTicks());
        if (extra.isEmpty()) {
            throw new CumpsException(Message.of(FixMessages.RECORD_CHANGED, t.name(), t.pid(), t.startTicks()));
        }
        if (!liveness.assess(extra.get()).live()) {
            throw new CumpsException(Message.of(FixMessages.EXTRA_NOT_LIVE, t.name(), t.pid(), t.startTicks()));
        }
        Optional<DaemonRecord> kept = store.lookup(t.keptName()) instanceof RecordLookup.Found found ? Optional.of(found.record())
                : Optional.empty();
        boolean keptServes = kept.isPresent() && liveness.assess(kept.get()).live() && kept.get().gpuUuids().contains(t.gpuUuid());
        if (!keptServes || !extra.get().gpuUuids().contains(t.gpuUuid())) {
            throw new CumpsException(Message.of(FixMessages.NOT_EXTRA, t.name(), t.gpuUuid(), t.keptName()));
        }
        // Two records can name one daemon (a copied daemon.json): stopping the "extra" would stop the kept daemon.
        if (kept.get().identity().equals(extra.get().identity())) {
            throw new CumpsException(Message.of(FixMessages.SAME_DAEMON_AS_KEPT, t.name(), t.keptName(), t.pid(), t.startTicks()));
        }
        // The verified stop: under the record's and pipe directory's locks, pid and start time again, then `quit`.
        StopOutcome outcome = stopper.stop(Optional.of(t.name()));
        return new FixOutcome(fix, outcome.stopped(), outcome.outcomeMessage());
    }

    /** The record {@code name} if it still names that pid and start time. */
    private Optional<DaemonRecord> sameRecord(String name, long pid, long startTicks) {
        if (store.lookup(name) instanceof RecordLookup.Found found && found.record().pid() == pid
                && found.record().processStartTicks() == startTicks) {
            return Optional.of(found.record());
        }
        return Optional.empty();
    }

    private static FixOutcome done(Fix fix, Path removed) {
        return new FixOutcome(fix, true, Message.of(FixMessages.REMOVED, removed));
    }
}
