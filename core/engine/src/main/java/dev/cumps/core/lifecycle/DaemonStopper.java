package dev.cumps.core.lifecycle;

import dev.cumps.core.doctor.PipeLeftovers;
import dev.cumps.core.exec.CommandResult;
import dev.cumps.core.message.CumpsException;
import dev.cumps.core.message.Message;
import dev.cumps.core.record.DaemonRecord;
import dev.cumps.core.record.ManagedDaemon;
import dev.cumps.core.record.NameLock;
import dev.cumps.core.record.PipeCheck;
import dev.cumps.core.record.RecordLookup;
import dev.cumps.core.record.RecordMessages;
import dev.cumps.core.record.RecordNames;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

/**
 * Stop, stop-all and remove-record. Only a record of this user and host whose pid <em>and</em>
 * start time still match is ever contacted, under its name and pipe-directory locks, and only after
 * checking that the recorded daemon is the one serving the record's pipe directory. A stale record
 * is removed (with the sockets and pid file its dead daemon left, by the doctor's rules) and an
 * unreadable one moved aside without signalling anything.
 */
public final class DaemonStopper {
    private final LifecycleContext c;

    public DaemonStopper(LifecycleContext c) {
        this.c = c;
    }

    /**
     * Stops one daemon by name, or the sole live record when no name is given. Never contacts a
     * daemon whose record is stale, foreign or unreadable.
     */
    public StopOutcome stop(Optional<String> name) {
        String target = name.map(RecordNames::validate).orElseGet(this::soleLiveName);
        try (NameLock lock = c.store().locks().lock(target)) {
            RecordLookup lookup = c.store().lookup(target);
            if (lookup instanceof RecordLookup.Missing) {
                throw new CumpsException(Message.of(LifecycleMessages.STOP_NO_RECORD, target));
            }
            if (lookup instanceof RecordLookup.Foreign foreign) {
                throw new CumpsException(Message.of(LifecycleMessages.STOP_RECORD_FOREIGN, target, foreign.ownerMessage()));
            }
            if (lookup instanceof RecordLookup.Unreadable unreadable) {
                Path moved = c.store().quarantine(target);
                return new StopOutcome(target, Optional.empty(), StopOutcome.Result.UNREADABLE_QUARANTINED,
                        Message.of(LifecycleMessages.STOP_UNREADABLE_QUARANTINED, target, unreadable.record().reasonMessage(), moved));
            }
            DaemonRecord record = ((RecordLookup.Found) lookup).record();
            try (NameLock pipeLock = c.locks().lockPipe(record.pipeDirectory())) {
                return stopLocked(record);
            }
        }
    }

    /** Stops every live daemon of this user and host and cleans stale records; one failure does not stop the rest. */
    public List<StopOutcome> stopAll() {
        List<StopOutcome> outcomes = new ArrayList<>();
        for (DaemonRecord record : c.store().list().records()) {
            try (NameLock lock = c.store().locks().lock(record.name())) {
                RecordLookup again = c.store().lookup(record.name());
                if (again instanceof RecordLookup.Found found) {
                    try (NameLock pipeLock = c.locks().lockPipe(found.record().pipeDirectory())) {
                        outcomes.add(stopLocked(found.record()));
                    }
                }
            } catch (CumpsException e) {
                outcomes.add(new StopOutcome(record.name(), Optional.of(record), StopOutcome.Result.FAILED, e.errorMessage()));
            }
        }
        return outcomes;
    }

    /** Moves a stale or unreadable record aside without contacting anything; refuses a live one. */
    public Path removeRecord(String name) {
        try (NameLock lock = c.store().locks().lock(RecordNames.validate(name))) {
            RecordLookup lookup = c.store().lookup(name);
            if (lookup instanceof RecordLookup.Found found && c.liveness().assess(found.record()).live()) {
                throw new CumpsException(Message.of(LifecycleMessages.REMOVE_LIVE, name));
            }
            if (lookup instanceof RecordLookup.Missing) {
                throw new CumpsException(Message.of(LifecycleMessages.REMOVE_NO_RECORD, name));
            }
            if (lookup instanceof RecordLookup.Foreign foreign) {
                throw new CumpsException(Message.of(LifecycleMessages.REMOVE_RECORD_FOREIGN, name, foreign.ownerMessage()));
            }
            Path moved = c.store().quarantine(name);
            if (lookup instanceof RecordLookup.Found found) {
                removeDeadDaemonLeftovers(found.record());
            }
            return moved;
        }
    }

    /** The name of the sole live record; none or several is an error asking for a name. */
    public String soleLiveName() {
        List<String> live = c.liveness().live(c.store().list().records()).stream().map(DaemonRecord::name).toList();
        if (live.isEmpty()) {
            throw new CumpsException(Message.of(LifecycleMessages.NO_LIVE_DAEMON));
        }
        if (live.size() > 1) {
            throw new CumpsException(Message.of(LifecycleMessages.SEVERAL_LIVE_DAEMONS, live.size(), String.join(", ", live)));
        }
        return live.get(0);
    }

    /** Stops {@code record}; call with its name and pipe-directory locks held. */
    private StopOutcome stopLocked(DaemonRecord record) {
        if (!c.liveness().assess(record).live()) {
            c.store().remove(record.name());
            removeDeadDaemonLeftovers(record);
            return outcome(record, StopOutcome.Result.STALE_REMOVED,
                    Message.of(LifecycleMessages.STOP_STALE_REMOVED, record.name(), record.pid(), record.processStartTicks()));
        }
        // `quit` goes to whatever serves the record's pipe directory: make sure that is the recorded
        // daemon (the same check every command to a daemon makes, Liveness.pipeCheck).
        PipeCheck pipe = c.liveness().pipeCheck(record);
        switch (pipe.result()) {
            case SERVED_BY_OTHER:
                return outcome(record, StopOutcome.Result.FAILED, Message.of(LifecycleMessages.STOP_PIPE_SERVED_BY_OTHER,
                        record.pipeDirectory(), pipe.servedBy().orElse(0), record.pid()));
            case NOT_ON_PIPE:
                return outcome(record, StopOutcome.Result.FAILED,
                        Message.of(LifecycleMessages.STOP_PID_NOT_ON_PIPE, record.pid(), record.pipeDirectory()));
            case UNVERIFIABLE:
                return outcome(record, StopOutcome.Result.FAILED,
                        Message.of(LifecycleMessages.STOP_PIPE_UNVERIFIABLE, record.pipeDirectory(), record.pid()));
            case UNTRUSTED:
                return outcome(record, StopOutcome.Result.FAILED,
                        Message.of(RecordMessages.VERIFY_PIPE_UNTRUSTED, record.name(), pipe.untrusted().orElseThrow()));
            case VERIFIED:
                break;
            default:
                throw new IllegalStateException("unknown pipe check " + pipe.result());
        }
        CommandResult quit = c.control().ask(record.pipeDirectory(), record.logDirectory(), "quit");
        if (!c.waits().exit(record.identity())) {
            Message quitResult = quit.succeeded() ? Message.of(LifecycleMessages.QUIT_ACCEPTED) : quit.failureMessage();
            return outcome(record, StopOutcome.Result.FAILED, Message.of(LifecycleMessages.STOP_DID_NOT_EXIT, record.name(), record.pid(),
                    c.timeouts().exit().toSeconds(), quitResult));
        }
        c.store().remove(record.name());
        c.leftovers().removeAfterExit(record.pipeDirectory(), record.pid());
        return outcome(record, StopOutcome.Result.STOPPED, Message.of(LifecycleMessages.STOPPED, record.name(), record.pid()));
    }

    /**
     * Once a stale record is gone, its dead daemon's sockets and pid file would otherwise be shown as an
     * unmanaged daemon's: removed as the doctor's Fix… removes them, by its rules (call with the record's
     * locks held).
     */
    private void removeDeadDaemonLeftovers(DaemonRecord record) {
        List<ManagedDaemon> managed = c.store().list().records().stream().map(c.liveness()::assess).toList();
        c.leftovers().removeOfDeadDaemon(record.pipeDirectory(), c.store().uid(), PipeLeftovers.liveDirectories(managed));
    }

    private static StopOutcome outcome(DaemonRecord record, StopOutcome.Result result, Message text) {
        return new StopOutcome(record.name(), Optional.of(record), result, text);
    }
}
