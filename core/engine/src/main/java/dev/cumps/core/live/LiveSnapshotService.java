package dev.cumps.core.live;

import dev.cumps.core.exec.CommandRunner;
import dev.cumps.core.gpu.GpuInventory;
import dev.cumps.core.gpu.NvidiaSmiParser;
import dev.cumps.core.host.HostEnvironment;
import dev.cumps.core.message.CumpsException;
import dev.cumps.core.message.Message;
import dev.cumps.core.mps.ControlPipe;
import dev.cumps.core.mps.DaemonPids;
import dev.cumps.core.mps.MpsControl;
import dev.cumps.core.mps.RuntimeDirs;
import dev.cumps.core.proc.ProcessInfo;
import dev.cumps.core.proc.ProcessTable;
import dev.cumps.core.record.DaemonRecord;
import dev.cumps.core.record.Liveness;
import dev.cumps.core.record.RecordLookup;
import dev.cumps.core.record.RecordNames;
import dev.cumps.core.record.RecordStore;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.OptionalLong;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Future;
import java.util.function.Supplier;
import java.util.stream.Collectors;

/**
 * Collects a {@link LiveSnapshot}: the GPUs' load from the one GPU query {@code status} makes
 * ({@link NvidiaSmiParser#QUERY_FIELDS} includes {@code utilization.gpu} and {@code memory.used}),
 * then every live managed daemon (and, read-only, every unmanaged control pipe the caller can
 * connect to) asked for its servers and clients, all daemons at once, each on its own thread, so one
 * that does not answer costs one control timeout and never delays the others; all questions together
 * end within {@link #LIVE_BUDGET}, what is unanswered by then is reported as such. The GPU query may still
 * run meanwhile ({@link #collect(List, List, Supplier, Detail)}). Only when some server lists a client does it ask
 * nvidia-smi for the processes on the GPUs (on its own thread, alongside the questions still being asked),
 * to match the clients' memory by pid: with no daemon, no control program runs, and with no client (no
 * server, or servers without clients), no second nvidia-smi.
 * Read-only: it writes no file and signals nothing.
 */
public final class LiveSnapshotService {
    /** How {@code clients --name}, {@code top --name} and {@code limits} word a named record they cannot use. */
    static final RecordLookup.Refusals LOOKUP_REFUSALS = new RecordLookup.Refusals(
            LiveMessages.RECORD_MISSING, LiveMessages.RECORD_FOREIGN, LiveMessages.RECORD_UNREADABLE);

    /**
     * How long one snapshot may spend asking control daemons, all of them together, whatever their
     * pipes do (slow answers, thousands of servers): see {@link LiveBudget}.
     */
    public static final Duration LIVE_BUDGET = Duration.ofSeconds(8);
    /**
     * Daemons asked at once. More does not pay on a small machine: with 25 live daemons, 16 or 32 at a time
     * used no less CPU than 8 and raised the peak RSS from 49.6 to 52.7 and 55.2 MiB (a question is a thread,
     * a process and its two drain threads; docs/performance.md section 8).
     */
    static final int PARALLEL_DAEMONS = 8;
    private final HostEnvironment host;
    private final CommandRunner runner;
    private final ProcessTable processes;
    private final RecordStore store;
    private final Liveness liveness;
    private final MpsControl control;
    private final Duration budget;

    /** {@code control} asks the daemons (each question bounded by its timeout), {@link #LIVE_BUDGET} bounds all of them. */
    public LiveSnapshotService(HostEnvironment host, CommandRunner runner, ProcessTable processes, RecordStore store,
                               Liveness liveness, MpsControl control) {
        this(host, runner, processes, store, liveness, control, LIVE_BUDGET);
    }

    /** {@code control} asks the daemons; {@code budget} bounds all questions of one snapshot. */
    public LiveSnapshotService(HostEnvironment host, CommandRunner runner, ProcessTable processes, RecordStore store,
                               Liveness liveness, MpsControl control, Duration budget) {
        this.budget = budget;
        this.host = host;
        this.runner = runner;
        this.processes = processes;
        this.store = store;
        this.liveness = liveness;
        this.control = control;
    }

    /**
     * The daemon of {@code record} alone (the caller's live record, from {@link #liveRecord}), around
     * GPUs already queried; no unmanaged pipe is asked.
     */
    public LiveSnapshot collect(DaemonRecord record, GpuInventory inventory) {
        return snapshot(List.of(target(record)), new Queried(inventory), Detail.FULL);
    }

    /**
     * Every daemon of {@code liveRecords} and, read-only, the {@code unmanaged} control pipes the caller may write to
     * (the host read's candidates, found once), asking what {@code detail} names, around a GPU query that may still
     * run: {@code gpus} is called (and may wait for it) only after the daemons were asked, or by the processes query
     * once a daemon has listed a client.
     */
    public LiveSnapshot collect(List<DaemonRecord> liveRecords, List<ControlPipe> unmanaged, Supplier<GpuInventory> gpus, Detail detail) {
        return snapshot(everyTarget(liveRecords, unmanaged), gpus, detail);
    }

    /** What a host read asks beyond the records, the control pipes and the GPU query. */
    public enum Detail {
        /** No daemon: {@code cumps status} and the window's refresh. */
        NONE,
        /**
         * What the doctor's checks judge: a managed daemon's servers with their owners from {@code /proc} (one control
         * run, no status or client asked), an unmanaged pipe's servers and clients (whose they are), no GPU memory
         * (no compute-apps query).
         */
        SERVERS,
        /** Every server's status and clients, and the clients' GPU memory: {@code status --json}, {@code clients}, {@code top}. */
        FULL
    }

    /** GPUs already queried, as the snapshot's supplier. */
    private record Queried(GpuInventory inventory) implements Supplier<GpuInventory> {
        @Override
        public GpuInventory get() {
            return inventory;
        }
    }

    private LiveSnapshot snapshot(List<Target> targets, Supplier<GpuInventory> gpus, Detail detail) {
        // The processes on the GPUs only matter for clients: the query starts, on its own thread, as soon as a
        // server lists a client, alongside the questions still being asked (other servers, other daemons).
        ComputeAppsQuery apps = new ComputeAppsQuery(runner, host, gpus);
        boolean memory = detail == Detail.FULL;
        List<DaemonSnapshot> daemons = askAll(targets, new DaemonQuestions(control.forDaemons(targets.size()), processes, processes.ticksSinceBoot(),
                new LiveBudget(budget), memory ? apps::start : () -> { }), detail);
        GpuInventory inventory = gpus.get();
        List<Message> diagnostics = new ArrayList<>();
        if (!inventory.nvidiaSmiAvailable()) {
            inventory.diagnosticMessage().ifPresent(diagnostics::add);
        }
        List<GpuLoad> loads = inventory.gpus().stream().map(GpuLoad::of).toList();
        // A failed GPU query already says why memory is unknown; with no client, the processes' answer is not used.
        if (memory && inventory.nvidiaSmiAvailable() && daemons.stream().anyMatch(d -> !d.clients().isEmpty())) {
            Map<Long, List<ComputeApp>> appsByPid = apps.result(diagnostics).stream()
                    .collect(Collectors.groupingBy(ComputeApp::pid));
            daemons = daemons.stream().map(d -> d.withComputeApps(appsByPid)).toList();
        } else {
            apps.awaitUnused(); // started for a client whose daemon's answer was then refused: no nvidia-smi outlives the snapshot
        }
        return new LiveSnapshot(loads, daemons, diagnostics);
    }

    /**
     * The pipe directory of the caller's live daemon {@code name}; a missing, foreign, unreadable or
     * stale record is an error saying what to do.
     */
    public Path pipeDirectoryOf(String name) {
        return liveRecord(name).pipeDirectory();
    }

    /**
     * One daemon to ask: a live record's (its pid vouched for by the record's start time), or an unmanaged pipe (no
     * name, no log directory of ours, no pid).
     */
    private record Target(Optional<String> name, Path pipeDirectory, Path logDirectory, OptionalLong daemonPid) {
    }

    /**
     * The caller's live record {@code name}, looked up once; a missing, foreign, unreadable or stale
     * record is an error saying what to do.
     */
    public DaemonRecord liveRecord(String name) {
        RecordNames.validate(name);
        DaemonRecord record = store.lookup(name).require(LOOKUP_REFUSALS);
        if (!liveness.assess(record).live()) {
            throw new CumpsException(Message.of(LiveMessages.DAEMON_STALE, name, record.pid()));
        }
        return record;
    }

    private static Target target(DaemonRecord record) {
        return new Target(Optional.of(record.name()), record.pipeDirectory(), record.logDirectory(), OptionalLong.of(record.pid()));
    }

    private List<Target> everyTarget(List<DaemonRecord> liveRecords, List<ControlPipe> unmanaged) {
        List<Target> targets = new ArrayList<>();
        for (DaemonRecord record : liveRecords) {
            targets.add(target(record));
        }
        for (ControlPipe pipe : unmanaged) {
            // Only pipes this user may connect to: a socket or FIFO without write permission is another user's daemon.
            if (Files.isWritable(pipe.path())) {
                Path dir = pipe.path().getParent();
                targets.add(new Target(Optional.empty(), dir, null, pidFileDaemon(dir)));
            }
        }
        return targets;
    }

    /**
     * The control daemon an unmanaged pipe's pid file names, when that pid runs under the daemon's name: whose
     * children are asked with the server list. A file anyone may have written is a hint here, never authority (the
     * server list decides what is shown, and nothing is signalled); R535 writes no pid file, so its pipes are asked as
     * before.
     */
    private OptionalLong pidFileDaemon(Path pipeDirectory) {
        Optional<Long> pid = RuntimeDirs.readPidFile(pipeDirectory);
        if (pid.isPresent()) {
            Optional<ProcessInfo> info = processes.find(pid.get());
            if (info.isPresent() && info.get().running() && info.get().comm().startsWith(DaemonPids.MPS_COMM_PREFIX)) {
                return OptionalLong.of(pid.get());
            }
        }
        return OptionalLong.empty();
    }

    private List<DaemonSnapshot> askAll(List<Target> targets, DaemonQuestions questions, Detail detail) {
        if (targets.size() <= 1) {
            return targets.stream().map(t -> ask(questions, t, detail)).toList();
        }
        ExecutorService pool = LiveThreads.pool(Math.min(targets.size(), PARALLEL_DAEMONS), "cumps-live");
        try {
            List<Future<DaemonSnapshot>> futures = new ArrayList<>();
            for (Target t : targets) {
                futures.add(pool.submit(() -> ask(questions, t, detail)));
            }
            List<DaemonSnapshot> snapshots = new ArrayList<>();
            for (int i = 0; i < targets.size(); i++) {
                snapshots.add(result(targets.get(i), futures.get(i)));
            }
            return snapshots;
        } finally {
            pool.shutdownNow();
        }
    }

    /** With {@link Detail#SERVERS}, a managed daemon is asked its servers only; an unmanaged pipe always its clients too. */
    private static DaemonSnapshot ask(DaemonQuestions questions, Target target, Detail detail) {
        return questions.ask(target.name(), target.pipeDirectory(), target.logDirectory(), detail == Detail.SERVERS && target.name().isPresent(),
                target.daemonPid());
    }

    private static DaemonSnapshot result(Target target, Future<DaemonSnapshot> future) {
        try {
            // Each question is bounded by the runner's timeout, so this wait is bounded too.
            return future.get();
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            return new DaemonSnapshot(target.name(), target.pipeDirectory(), DaemonSnapshot.State.NOT_ANSWERING,
                    Optional.of(Message.of(LiveMessages.INTERRUPTED)), List.of());
        } catch (ExecutionException e) {
            throw new IllegalStateException("asking the daemon at " + target.pipeDirectory() + " failed", e.getCause());
        }
    }
}
