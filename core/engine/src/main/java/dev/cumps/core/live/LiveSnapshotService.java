package dev.cumps.core.live;

import dev.cumps.core.exec.CommandResult;
import dev.cumps.core.exec.CommandRunner;
import dev.cumps.core.exec.CommandSpec;
import dev.cumps.core.gpu.GpuInventory;
import dev.cumps.core.gpu.GpuMessages;
import dev.cumps.core.gpu.NvidiaSmi;
import dev.cumps.core.gpu.NvidiaSmiParser;
import dev.cumps.core.host.HostEnvironment;
import dev.cumps.core.message.CumpsException;
import dev.cumps.core.message.Message;
import dev.cumps.core.mps.ControlClient;
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
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.OptionalLong;
import java.util.Set;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Future;
import java.util.concurrent.FutureTask;
import java.util.function.Supplier;
import java.util.stream.Collectors;

/**
 * Collects a {@link LiveSnapshot}: the GPUs' load from the one GPU query {@code status} makes
 * ({@link NvidiaSmiParser#QUERY_FIELDS} includes {@code utilization.gpu} and {@code memory.used}),
 * then every live managed daemon (and, read-only, every unmanaged control pipe the caller can
 * connect to) asked for its servers and clients, all daemons at once, each on its own thread, so one
 * that does not answer costs one control timeout and never delays the others; all questions together
 * end within {@link #LIVE_BUDGET}, what is unanswered by then is reported as such. The GPU query may still
 * run meanwhile ({@link #collect(List, Supplier)}). Only when some server lists a client does it ask
 * nvidia-smi for the processes on the GPUs (on its own thread, alongside the questions still being asked),
 * to match the clients' memory by pid: with no daemon, no control program runs, and with no client (no
 * server, or servers without clients), no second nvidia-smi.
 * Read-only: it writes no file and signals nothing.
 */
public final class LiveSnapshotService {
    /** How {@code clients --name}, {@code top --name} and {@code limits} word a named record they cannot use. */
    static final RecordLookup.Refusals LOOKUP_REFUSALS = new RecordLookup.Refusals(
            LiveMessages.RECORD_MISSING, LiveMessages.RECORD_FOREIGN, LiveMessages.RECORD_UNREADABLE);

    /** How long nvidia-smi may take for the compute-apps query. */
    private static final Duration SMI_TIMEOUT = NvidiaSmi.TIMEOUT;
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

    /** {@code answerTimeout} bounds each question to a control daemon, {@link #LIVE_BUDGET} all of them. */
    public LiveSnapshotService(HostEnvironment host, CommandRunner runner, ProcessTable processes, RecordStore store,
                               Liveness liveness, Duration answerTimeout) {
        this(host, runner, processes, store, liveness, answerTimeout, LIVE_BUDGET);
    }

    /** {@code answerTimeout} bounds each question to a control daemon, {@code budget} all of them in one snapshot. */
    public LiveSnapshotService(HostEnvironment host, CommandRunner runner, ProcessTable processes, RecordStore store,
                               Liveness liveness, Duration answerTimeout, Duration budget) {
        this(host, runner, processes, store, liveness, answerTimeout, budget, ControlClient.program());
    }

    /** {@code client} asks the daemons (NVIDIA's program its fallback); {@code budget} bounds all questions of one snapshot. */
    public LiveSnapshotService(HostEnvironment host, CommandRunner runner, ProcessTable processes, RecordStore store,
                               Liveness liveness, Duration answerTimeout, Duration budget, ControlClient client) {
        this.budget = budget;
        this.host = host;
        this.runner = runner;
        this.processes = processes;
        this.store = store;
        this.liveness = liveness;
        this.control = new MpsControl(runner, host, answerTimeout, client);
    }

    /**
     * The daemon of {@code record} alone (the caller's live record, from {@link #liveRecord}), around
     * GPUs already queried; no unmanaged pipe is asked.
     */
    public LiveSnapshot collect(DaemonRecord record, GpuInventory inventory) {
        return snapshot(List.of(target(record)), () -> inventory);
    }

    /**
     * Every daemon of {@code liveRecords} and the unmanaged pipes, around GPUs already queried
     * ({@code status --json}: the status's own records and nvidia-smi query, nothing asked twice).
     */
    public LiveSnapshot collect(List<DaemonRecord> liveRecords, GpuInventory inventory) {
        return snapshot(everyTarget(liveRecords), () -> inventory);
    }

    /**
     * {@link #collect(List, GpuInventory)} around a GPU query still running: {@code gpus} is called (and may
     * wait for the query) only after the daemons were asked, or by the processes query once a daemon has
     * listed a client.
     */
    public LiveSnapshot collect(List<DaemonRecord> liveRecords, Supplier<GpuInventory> gpus) {
        return collect(liveRecords, gpus, Detail.FULL);
    }

    /** {@link #collect(List, Supplier)}, asking what {@code detail} names. */
    public LiveSnapshot collect(List<DaemonRecord> liveRecords, Supplier<GpuInventory> gpus, Detail detail) {
        return snapshot(everyTarget(liveRecords), gpus, detail);
    }

    /** What a snapshot asks beyond each daemon's server list. */
    public enum Detail {
        /** Every server's status and clients, and the clients' GPU memory: {@code status --json}, {@code clients}, {@code top}. */
        FULL,
        /**
         * What the doctor's checks judge: a managed daemon's servers with their owners from {@code /proc} (one control
         * run, no status or client asked), an unmanaged pipe's servers and clients (whose they are), no GPU memory
         * (no compute-apps query).
         */
        SERVERS
    }

    private LiveSnapshot snapshot(List<Target> targets, Supplier<GpuInventory> gpus) {
        return snapshot(targets, gpus, Detail.FULL);
    }

    private LiveSnapshot snapshot(List<Target> targets, Supplier<GpuInventory> gpus, Detail detail) {
        // The processes on the GPUs only matter for clients: the query starts, on its own thread, as soon as a
        // server lists a client, alongside the questions still being asked (other servers, other daemons).
        ComputeAppsQuery apps = new ComputeAppsQuery(gpus);
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
     * The one {@code --query-compute-apps} run of a snapshot, started at most once, on its own daemon thread
     * (by the first server that lists a client, or when the result is needed), and only when the GPU query
     * succeeded.
     */
    private final class ComputeAppsQuery {
        private final Supplier<GpuInventory> gpus;
        private final List<Message> problems = new ArrayList<>();
        private final FutureTask<List<ComputeApp>> task;
        private boolean started;

        ComputeAppsQuery(Supplier<GpuInventory> gpus) {
            this.gpus = gpus;
            this.task = new FutureTask<>(this::query);
        }

        private List<ComputeApp> query() {
            return gpus.get().nvidiaSmiAvailable() ? computeApps(problems) : List.of();
        }

        /** Starts the query unless it already runs. */
        synchronized void start() {
            if (!started) {
                started = true;
                Thread thread = new Thread(task, "cumps-compute-apps");
                thread.setDaemon(true);
                thread.start();
            }
        }

        /** Waits for the query if it was started, its answer unused; bounded by nvidia-smi's timeout. */
        void awaitUnused() {
            synchronized (this) {
                if (!started) {
                    return;
                }
            }
            try {
                task.get();
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            } catch (ExecutionException e) {
                // Its answer is not used, nor is its failure.
            }
        }

        /** The processes on the GPUs, the query's problems added to {@code diagnostics}; bounded by nvidia-smi's timeout. */
        List<ComputeApp> result(List<Message> diagnostics) {
            start();
            try {
                List<ComputeApp> rows = task.get();
                diagnostics.addAll(problems); // written before the task completed, read after: get() orders them
                return rows;
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                // As the runner words an interrupted run: nvidia-smi did not answer in time.
                diagnostics.add(Message.of(GpuMessages.SMI_TIMED_OUT, SMI_TIMEOUT.toSeconds()));
                return List.of();
            } catch (ExecutionException e) {
                throw new IllegalStateException("asking nvidia-smi for the processes on the GPUs failed", e.getCause());
            }
        }
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

    private List<Target> everyTarget(List<DaemonRecord> liveRecords) {
        List<Target> targets = new ArrayList<>();
        Set<Path> managedPipes = new LinkedHashSet<>();
        for (DaemonRecord record : liveRecords) {
            targets.add(target(record));
            managedPipes.add(record.pipeDirectory());
        }
        for (Path dir : RuntimeDirs.ambientPipeDirectories(host)) {
            // Only pipes this user may connect to: a socket or FIFO without write permission is another user's daemon.
            if (!managedPipes.contains(dir) && ControlPipe.in(dir).filter(p -> Files.isWritable(p.path())).isPresent()) {
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

    private List<ComputeApp> computeApps(List<Message> diagnostics) {
        List<String> argv = List.of("nvidia-smi", "--query-compute-apps=" + String.join(",", SmiReplies.COMPUTE_APP_FIELDS),
                "--format=csv,noheader,nounits");
        CommandResult result = runner.run(new CommandSpec(argv, host.childEnvironment(), null, SMI_TIMEOUT));
        if (result.outcome() == CommandResult.Outcome.NOT_FOUND) {
            diagnostics.add(Message.of(GpuMessages.SMI_NOT_FOUND));
            return List.of();
        }
        if (result.outcome() == CommandResult.Outcome.TIMED_OUT) {
            diagnostics.add(Message.of(GpuMessages.SMI_TIMED_OUT, SMI_TIMEOUT.toSeconds()));
            return List.of();
        }
        if (!result.succeeded()) {
            diagnostics.add(result.failureMessage());
            return List.of();
        }
        try {
            return SmiReplies.computeApps(result.stdout());
        } catch (CumpsException e) {
            diagnostics.add(e.errorMessage());
            return List.of();
        }
    }
}
