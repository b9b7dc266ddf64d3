package dev.cumps.core.live;

import dev.cumps.core.exec.CommandResult;
import dev.cumps.core.exec.CommandRunner;
import dev.cumps.core.exec.CommandSpec;
import dev.cumps.core.gpu.GpuText;
import dev.cumps.core.host.HostEnvironment;
import dev.cumps.core.message.CumpsException;
import dev.cumps.core.message.Message;
import dev.cumps.core.mps.ControlPipe;
import dev.cumps.core.mps.MpsControl;
import dev.cumps.core.mps.RuntimeDirs;
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
import java.util.Set;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.function.Function;
import java.util.stream.Collectors;

/**
 * Collects a {@link LiveSnapshot}: the GPUs' load and the processes on them from nvidia-smi, then
 * every live managed daemon (and, read-only, every unmanaged control pipe the caller can connect
 * to) asked for its servers and clients, all daemons at once, each on its own thread, so one that
 * does not answer costs one control timeout and never delays the others. Read-only: it writes no
 * file and signals nothing.
 */
public final class LiveSnapshotService {
    /** How long nvidia-smi may take for each of the two queries. */
    public static final Duration SMI_TIMEOUT = Duration.ofSeconds(5);
    private final HostEnvironment host;
    private final CommandRunner runner;
    private final ProcessTable processes;
    private final RecordStore store;
    private final Liveness liveness;
    private final MpsControl control;

    /** {@code answerTimeout} bounds each question to a control daemon. */
    public LiveSnapshotService(HostEnvironment host, CommandRunner runner, ProcessTable processes, RecordStore store,
                               Liveness liveness, Duration answerTimeout) {
        this.host = host;
        this.runner = runner;
        this.processes = processes;
        this.store = store;
        this.liveness = liveness;
        this.control = new MpsControl(runner, host, answerTimeout);
    }

    /**
     * Every live managed daemon and the unmanaged pipes; with {@code name}, only that daemon, which
     * must be a live record of the caller (anything else is an error saying what to do).
     */
    public LiveSnapshot collect(Optional<String> name) {
        List<Target> targets = name.isPresent() ? List.of(named(name.get())) : everyTarget();
        List<Message> diagnostics = new ArrayList<>();
        List<GpuLoad> loads = query(SmiReplies.LOAD_FIELDS, "--query-gpu=", SmiReplies::loads, diagnostics);
        List<ComputeApp> apps = targets.isEmpty() ? List.of()
                : query(SmiReplies.COMPUTE_APP_FIELDS, "--query-compute-apps=", SmiReplies::computeApps, diagnostics);
        Map<Long, List<ComputeApp>> appsByPid = apps.stream().collect(Collectors.groupingBy(ComputeApp::pid));
        DaemonQuestions questions = new DaemonQuestions(control, processes, appsByPid, processes.ticksSinceBoot());
        return new LiveSnapshot(loads, askAll(targets, questions), diagnostics);
    }

    /**
     * The pipe directory of the caller's live daemon {@code name}; a missing, foreign, unreadable or
     * stale record is an error saying what to do.
     */
    public Path pipeDirectoryOf(String name) {
        return named(name).pipeDirectory();
    }

    /** One daemon to ask: a record's, or an unmanaged pipe (no name, no log directory of ours). */
    private record Target(Optional<String> name, Path pipeDirectory, Path logDirectory) {
    }

    private Target named(String name) {
        RecordNames.validate(name);
        RecordLookup lookup = store.lookup(name);
        if (lookup instanceof RecordLookup.Found found) {
            DaemonRecord record = found.record();
            if (!liveness.assess(record).live()) {
                throw new CumpsException(Message.of(LiveText.DAEMON_STALE, name, record.pid()));
            }
            return new Target(Optional.of(name), record.pipeDirectory(), record.logDirectory());
        }
        if (lookup instanceof RecordLookup.Foreign foreign) {
            throw new CumpsException(Message.of(LiveText.RECORD_FOREIGN, name, foreign.ownerText()));
        }
        if (lookup instanceof RecordLookup.Unreadable u) {
            throw new CumpsException(Message.of(LiveText.RECORD_UNREADABLE, name, u.record().reasonText()));
        }
        throw new CumpsException(Message.of(LiveText.RECORD_MISSING, name));
    }

    private List<Target> everyTarget() {
        List<Target> targets = new ArrayList<>();
        Set<Path> managedPipes = new LinkedHashSet<>();
        for (DaemonRecord record : liveness.live(store.list().records())) {
            targets.add(new Target(Optional.of(record.name()), record.pipeDirectory(), record.logDirectory()));
            managedPipes.add(record.pipeDirectory());
        }
        Set<Path> unmanaged = new LinkedHashSet<>();
        unmanaged.add(RuntimeDirs.NVIDIA_DEFAULT_PIPE_DIRECTORY);
        host.get("CUDA_MPS_PIPE_DIRECTORY").filter(s -> !s.isBlank())
                .map(s -> Path.of(s).toAbsolutePath().normalize()).ifPresent(unmanaged::add);
        for (Path dir : unmanaged) {
            // Only pipes this user may connect to: a socket or FIFO without write permission is another user's daemon.
            if (!managedPipes.contains(dir) && ControlPipe.in(dir).filter(p -> Files.isWritable(p.path())).isPresent()) {
                targets.add(new Target(Optional.empty(), dir, null));
            }
        }
        return targets;
    }

    private List<DaemonSnapshot> askAll(List<Target> targets, DaemonQuestions questions) {
        if (targets.size() <= 1) {
            return targets.stream().map(t -> questions.ask(t.name(), t.pipeDirectory(), t.logDirectory())).toList();
        }
        ExecutorService pool = Executors.newFixedThreadPool(Math.min(targets.size(), 8), r -> {
            Thread thread = new Thread(r, "cumps-live");
            thread.setDaemon(true);
            return thread;
        });
        try {
            List<Future<DaemonSnapshot>> futures = new ArrayList<>();
            for (Target t : targets) {
                futures.add(pool.submit(() -> questions.ask(t.name(), t.pipeDirectory(), t.logDirectory())));
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

    private static DaemonSnapshot result(Target target, Future<DaemonSnapshot> future) {
        try {
            // Each question is bounded by the runner's timeout, so this wait is bounded too.
            return future.get();
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            return new DaemonSnapshot(target.name(), target.pipeDirectory(), DaemonSnapshot.State.NOT_ANSWERING,
                    Optional.of(Message.of(LiveText.INTERRUPTED)), List.of());
        } catch (ExecutionException e) {
            throw new IllegalStateException("asking the daemon at " + target.pipeDirectory() + " failed", e.getCause());
        }
    }

    private <T> List<T> query(List<String> fields, String option, Function<String, List<T>> parser, List<Message> diagnostics) {
        List<String> argv = List.of("nvidia-smi", option + String.join(",", fields), "--format=csv,noheader,nounits");
        CommandResult result = runner.run(new CommandSpec(argv, host.childEnvironment(), null, SMI_TIMEOUT));
        if (result.outcome() == CommandResult.Outcome.NOT_FOUND) {
            diagnostics.add(Message.of(GpuText.SMI_NOT_FOUND));
            return List.of();
        }
        if (result.outcome() == CommandResult.Outcome.TIMED_OUT) {
            diagnostics.add(Message.of(GpuText.SMI_TIMED_OUT, SMI_TIMEOUT.toSeconds()));
            return List.of();
        }
        if (!result.succeeded()) {
            diagnostics.add(result.failureText());
            return List.of();
        }
        try {
            return parser.apply(result.stdout());
        } catch (CumpsException e) {
            diagnostics.add(e.text().orElseThrow(() -> e));
            return List.of();
        }
    }
}
