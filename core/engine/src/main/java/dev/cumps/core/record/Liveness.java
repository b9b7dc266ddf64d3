package dev.cumps.core.record;

import dev.cumps.core.fs.TrustRule;
import dev.cumps.core.message.CumpsException;
import dev.cumps.core.message.Message;
import dev.cumps.core.mps.DaemonPids;
import dev.cumps.core.mps.RuntimeDirs;
import dev.cumps.core.proc.ProcessTable;
import java.util.List;
import java.util.Objects;
import java.util.Optional;
import java.util.OptionalLong;

/**
 * Whether a record's daemon still runs: live only when its pid runs with the recorded {@code /proc}
 * start time (a pid alone is never enough) <em>and</em> as the record's uid (pid and start time of any
 * process are readable by anyone, so a record naming another user's process is not that user's daemon). Status, doctor and the lifecycle all ask this one
 * service, so none of them depends on another to know what "live" means.
 *
 * <p>Before a command is sent to a daemon, {@link #verifiedOwnLive(RecordStore, String)} is the one
 * check every operation makes (stop, terminate a client, set a limit): the caller's own record on
 * this host, live by pid and start time, and the daemon serving its pipe directory.
 */
public final class Liveness {
    private static final RecordLookup.Refusals VERIFY_REFUSALS = new RecordLookup.Refusals(
            RecordMessages.VERIFY_NO_RECORD, RecordMessages.VERIFY_FOREIGN, RecordMessages.VERIFY_UNREADABLE);

    private final ProcessTable processes;

    public Liveness(ProcessTable processes) {
        this.processes = Objects.requireNonNull(processes, "processes");
    }

    /** The record with its state: {@link RecordState#LIVE} or {@link RecordState#STALE}. */
    public ManagedDaemon assess(DaemonRecord record) {
        return new ManagedDaemon(record, runsAsRecorded(record) ? RecordState.LIVE : RecordState.STALE);
    }

    /**
     * The owner first, then pid and start time: if the pid changes hands between the two reads, the start
     * time no longer matches. An owner {@code /proc} does not show (the process is gone, or hidden) is not the
     * record's.
     */
    private boolean runsAsRecorded(DaemonRecord record) {
        long recordedUid = Integer.toUnsignedLong(record.uid());
        return processes.owner(record.pid()).filter(o -> o.uid() == recordedUid).isPresent() && processes.isAlive(record.identity());
    }

    /** The live ones among {@code records}, in their order. */
    public List<DaemonRecord> live(List<DaemonRecord> records) {
        return records.stream().filter(r -> assess(r).live()).toList();
    }

    /**
     * The record {@code name} when it is the caller's own (uid and host, as {@code store} is scoped),
     * readable, live by pid <em>and</em> {@code /proc} start time, its pipe directory passes the
     * {@link TrustRule}, and its daemon verifiably serves that directory ({@link #pipeCheck}); otherwise a one-line error saying why and what
     * to do. Read right before acting: call it with the name's lock held, just before sending.
     */
    public DaemonRecord verifiedOwnLive(RecordStore store, String name) {
        RecordNames.validate(name);
        DaemonRecord record = store.lookup(name).require(VERIFY_REFUSALS);
        if (!assess(record).live()) {
            throw new CumpsException(Message.of(RecordMessages.VERIFY_STALE, name, record.pid()));
        }
        PipeCheck pipe = pipeCheck(record);
        switch (pipe.result()) {
            case SERVED_BY_OTHER -> throw new CumpsException(Message.of(RecordMessages.VERIFY_PIPE_SERVED_BY_OTHER,
                    record.pipeDirectory(), pipe.servedBy().orElse(0), record.pid()));
            case NOT_ON_PIPE -> throw new CumpsException(Message.of(RecordMessages.VERIFY_PID_NOT_ON_PIPE, record.pid(), record.pipeDirectory()));
            case UNVERIFIABLE -> throw new CumpsException(Message.of(RecordMessages.VERIFY_PIPE_UNVERIFIABLE, record.pipeDirectory(), record.pid()));
            case UNTRUSTED -> throw new CumpsException(Message.of(RecordMessages.VERIFY_PIPE_UNTRUSTED, name, pipe.untrusted().orElseThrow()));
            case VERIFIED -> {
                return record;
            }
            default -> throw new IllegalStateException("unknown pipe check " + pipe.result());
        }
    }

    /**
     * Whether the recorded daemon is the one serving the record's pipe directory, a folder that passes the
     * {@link TrustRule} ({@link PipeCheck.Result#UNTRUSTED} otherwise): the pid file there
     * must not name another process, and the recorded process's environment must not show another
     * {@code CUDA_MPS_PIPE_DIRECTORY}; at least one of the two must say yes. So a record naming one
     * daemon's pid and another's pipe directory (with that directory's pid file missing, a link, or
     * forged) never sends a command to the other daemon.
     */
    public PipeCheck pipeCheck(DaemonRecord record) {
        // The folder a command goes through must pass the trust rule: no one else may put a socket there.
        Optional<Message> untrusted = TrustRule.directoryProblem(record.pipeDirectory(), record.uid());
        if (untrusted.isPresent()) {
            return new PipeCheck(PipeCheck.Result.UNTRUSTED, OptionalLong.empty(), untrusted);
        }
        Optional<Long> served = RuntimeDirs.readPidFile(record.pipeDirectory());
        if (served.isPresent() && served.get() != record.pid()) {
            return new PipeCheck(PipeCheck.Result.SERVED_BY_OTHER, OptionalLong.of(served.get()));
        }
        Optional<Boolean> startedOn = startedOn(record);
        if (startedOn.isPresent() && !startedOn.get()) {
            return new PipeCheck(PipeCheck.Result.NOT_ON_PIPE, OptionalLong.empty());
        }
        if (served.isEmpty() && startedOn.isEmpty()) {
            return new PipeCheck(PipeCheck.Result.UNVERIFIABLE, OptionalLong.empty());
        }
        return new PipeCheck(PipeCheck.Result.VERIFIED, OptionalLong.empty());
    }

    /**
     * Whether the recorded process was started on the record's pipe directory, as its environment
     * ({@code CUDA_MPS_PIPE_DIRECTORY}) shows; empty when the environment is unreadable or lacks it.
     */
    private Optional<Boolean> startedOn(DaemonRecord record) {
        return DaemonPids.namesPipe(processes.environment(record.pid()), record.pipeDirectory());
    }
}
