package dev.cumps.core.live;

import dev.cumps.core.message.CumpsException;
import dev.cumps.core.message.Message;
import dev.cumps.core.mps.LimitCommands;
import dev.cumps.core.mps.MpsControl;
import dev.cumps.core.mps.MpsLimits;
import dev.cumps.core.proc.ProcessTable;
import dev.cumps.core.record.DaemonRecord;
import dev.cumps.core.record.Liveness;
import dev.cumps.core.record.NameLock;
import dev.cumps.core.record.PipeCheck;
import dev.cumps.core.record.RecordMessages;
import dev.cumps.core.record.RecordNames;
import dev.cumps.core.record.RecordStore;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Future;

/**
 * The MPS resource limits of the caller's live daemons ({@code cumps limits}, the window's Limits
 * pane, the doctor's {@code limits_match_record} check): {@link #read} shows what each record says
 * cumps applied next to what the daemon reports now; {@link #set} changes a live daemon's defaults
 * and every running server's values and records them.
 *
 * <p>{@code set} goes through the same verification as {@code stop} (the record is this user's on
 * this host, its pid runs with the recorded start time, and it is the daemon serving the record's
 * pipe directory: {@link Liveness#pipeCheck}), under the record's name lock, right before the first
 * command is sent; the record is rewritten atomically only when every command was accepted and the
 * daemon reports the new defaults ({@link DefaultLimits}): a record holds only confirmed values. Each
 * command is bounded by the control timeout, so a daemon that does not answer is a one-line error.
 */
public final class LimitsService {
    private final RecordStore store;
    private final Liveness liveness;
    private final MpsControl control;
    private final LimitQuestions questions;

    /**
     * {@code control} asks the daemons (each command bounded by its timeout); {@code processes} gives a daemon's
     * children (its servers), asked with the defaults and the server list.
     */
    public LimitsService(ProcessTable processes, RecordStore store, Liveness liveness, MpsControl control) {
        this.store = store;
        this.liveness = liveness;
        this.control = control;
        this.questions = new LimitQuestions(control, processes);
    }

    /**
     * The limits of the caller's live daemon {@code name}: recorded and current. A missing, foreign,
     * unreadable or stale record is an error saying what to do; a daemon that does not answer is a
     * value with a problem.
     */
    public DaemonLimits read(String name) {
        return questions.ask(liveRecord(name));
    }

    /** The limits of every live daemon of the caller, by name; each costs at most one control timeout when it hangs. */
    public List<DaemonLimits> readAll() {
        return read(liveness.live(store.list().records()));
    }

    /**
     * The limits of {@code liveRecords}, records of the caller already found live (the doctor's), in
     * their order. Several daemons are asked at once, each on its own thread, so one that hangs costs
     * one control timeout and never delays the others.
     */
    public List<DaemonLimits> read(List<DaemonRecord> liveRecords) {
        if (liveRecords.size() <= 1) {
            return liveRecords.stream().map(questions::ask).toList();
        }
        ExecutorService pool = LiveThreads.pool(Math.min(liveRecords.size(), 8), "cumps-limits");
        try {
            List<Future<DaemonLimits>> futures = liveRecords.stream().map(r -> pool.submit(() -> questions.ask(r))).toList();
            List<DaemonLimits> limits = new ArrayList<>();
            for (int i = 0; i < liveRecords.size(); i++) {
                limits.add(result(liveRecords.get(i), futures.get(i)));
            }
            return limits;
        } finally {
            pool.shutdownNow();
        }
    }

    private static DaemonLimits result(DaemonRecord record, Future<DaemonLimits> future) {
        try {
            // Each question is bounded by the control timeout, so this wait is bounded too.
            return future.get();
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            return new DaemonLimits(record.name(), record.limits(), Optional.empty(), List.of(),
                    Optional.of(Message.of(LiveMessages.INTERRUPTED)));
        } catch (ExecutionException e) {
            throw new IllegalStateException("asking the daemon at " + record.pipeDirectory() + " for its limits failed", e.getCause());
        }
    }

    /**
     * Sets {@code limits} (the ones given; the others stay as recorded) on the caller's live daemon
     * {@code name}: its defaults, for servers started from now on, and every running server; then
     * records them. Returns what was done; refusals and failures are {@link CumpsException}s.
     */
    public Message set(String name, MpsLimits limits) {
        if (limits.isEmpty()) {
            throw new CumpsException(Message.of(LiveMessages.LIMITS_NOTHING_TO_SET));
        }
        RecordNames.validate(name);
        try (NameLock lock = store.locks().lock(name)) {
            DaemonRecord record = store.lookup(name).require(LiveSnapshotService.LOOKUP_REFUSALS);
            refuseUnverified(record);
            int servers;
            try {
                DefaultLimits.apply(control, record.pipeDirectory(), record.logDirectory(), limits);
                List<Long> running = questions.servers(record);
                for (long server : running) {
                    LimitCommands.send(control, record.pipeDirectory(), record.logDirectory(), LimitCommands.forServer(server, limits));
                }
                servers = running.size();
            } catch (CumpsException e) {
                throw new CumpsException(Message.of(LiveMessages.LIMITS_NOT_APPLIED, name, e.errorMessage()));
            }
            MpsLimits recorded = record.limits().overriddenBy(limits);
            store.replace(record.withLimits(recorded));
            return Message.of(LiveMessages.LIMITS_SET, name, shown(recorded.activeThreadPercentage().isPresent()
                    ? Optional.of(String.valueOf(recorded.activeThreadPercentage().getAsInt())) : Optional.empty()),
                    shown(recorded.pinnedMemLimitText()), servers);
        }
    }

    /** A value as shown, or "not set" in the reader's language. */
    private static Object shown(Optional<String> value) {
        return value.<Object>map(v -> v).orElseGet(() -> Message.of(LiveMessages.NOT_SET));
    }

    private DaemonRecord liveRecord(String name) {
        RecordNames.validate(name);
        DaemonRecord record = store.lookup(name).require(LiveSnapshotService.LOOKUP_REFUSALS);
        if (!liveness.assess(record).live()) {
            throw new CumpsException(Message.of(LiveMessages.DAEMON_STALE, name, record.pid()));
        }
        return record;
    }

    private void refuseUnverified(DaemonRecord record) {
        String name = record.name();
        if (!liveness.assess(record).live()) {
            throw new CumpsException(Message.of(LiveMessages.LIMITS_STALE, name, record.pid()));
        }
        PipeCheck pipe = liveness.pipeCheck(record);
        switch (pipe.result()) {
            case SERVED_BY_OTHER -> throw new CumpsException(Message.of(LiveMessages.LIMITS_PIPE_SERVED_BY_OTHER, name, record.pipeDirectory(),
                    pipe.servedBy().orElse(0), record.pid()));
            case NOT_ON_PIPE -> throw new CumpsException(Message.of(LiveMessages.LIMITS_PID_NOT_ON_PIPE, name, record.pid(),
                    record.pipeDirectory()));
            case UNVERIFIABLE -> throw new CumpsException(Message.of(LiveMessages.LIMITS_PIPE_UNVERIFIABLE, name, record.pid(),
                    record.pipeDirectory()));
            case UNTRUSTED -> throw new CumpsException(Message.of(RecordMessages.VERIFY_PIPE_UNTRUSTED, name, pipe.untrusted().orElseThrow()));
            case VERIFIED -> {
                // the recorded daemon serves the record's pipe directory
            }
            default -> throw new IllegalStateException("unknown pipe check " + pipe.result());
        }
    }
}
