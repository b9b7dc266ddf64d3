package dev.cumps.core.lifecycle;

import dev.cumps.core.message.CumpsException;
import dev.cumps.core.exec.CommandResult;
import dev.cumps.core.exec.CommandRunner;
import dev.cumps.core.exec.CommandSpec;
import dev.cumps.core.exec.ProcessSpawner;
import dev.cumps.core.gpu.Gpu;
import dev.cumps.core.gpu.GpuInventory;
import dev.cumps.core.gpu.NvidiaSmi;
import dev.cumps.core.gpu.Visibility;
import dev.cumps.core.host.HostEnvironment;
import dev.cumps.core.mps.ControlPipe;
import dev.cumps.core.mps.MpsControl;
import dev.cumps.core.mps.RuntimeDirs;
import dev.cumps.core.proc.ProcessInfo;
import dev.cumps.core.proc.ProcessTable;
import dev.cumps.core.record.DaemonRecord;
import dev.cumps.core.record.Liveness;
import dev.cumps.core.record.ManagedDaemon;
import dev.cumps.core.record.RecordLookup;
import dev.cumps.core.record.RecordNames;
import dev.cumps.core.record.RecordStore;
import dev.cumps.core.topology.Selectors;
import dev.cumps.core.topology.TopologyMode;
import dev.cumps.core.topology.TopologyPlan;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.Path;
import java.time.Clock;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.function.Consumer;

/**
 * Start and stop as transactions. Start: resolve the GPU, lock the name, then the pipe directory,
 * then the GPU (always in this order), refuse a pipe directory another record names or a GPU with
 * another live daemon, prepare private runtime directories (whose parents no other user can
 * change), launch {@code nvidia-cuda-mps-control -d} with an allowlisted environment and a
 * per-launch nonce, wait for the control socket, check that the pipe directory is still the same
 * one, that the daemon answers and that the pid-file process is the one this launch started, and
 * write the record last. Stop: only a record of this user and host whose pid <em>and</em> start
 * time still match is ever contacted, under its name and pipe-directory locks.
 */
public final class DaemonLifecycle {
    private static final int LOG_TAIL_LINES = 12;
    private static final String DAEMON_COMM_PREFIX = "nvidia-cuda-mps";

    private final HostEnvironment host;
    private final CommandRunner runner;
    private final ProcessTable processes;
    private final RecordStore store;
    private final Clock clock;
    private final LifecycleTimeouts timeouts;
    private final MpsControl control;
    private final Liveness liveness;

    public DaemonLifecycle(HostEnvironment host, CommandRunner runner, ProcessTable processes, RecordStore store,
                           Clock clock, LifecycleTimeouts timeouts) {
        this.host = host;
        this.runner = runner;
        this.processes = processes;
        this.store = store;
        this.clock = clock;
        this.timeouts = timeouts;
        this.control = new MpsControl(runner, host, timeouts.answer());
        this.liveness = new Liveness(processes);
    }

    /** Liveness of a record: live only when its pid runs with the recorded start time. */
    public ManagedDaemon assess(DaemonRecord record) {
        return liveness.assess(record);
    }

    /** What a start would use, resolved without side effects (for dialogs and doctor). */
    public StartPlan plan(StartRequest request) {
        GpuInventory inventory = new NvidiaSmi(runner, host).query();
        if (!inventory.ok()) {
            throw new CumpsException("cannot list GPUs: " + inventory.diagnostic().orElse("unknown error"));
        }
        List<Gpu> visible = Visibility.apply(host.get("CUDA_VISIBLE_DEVICES"), inventory.gpus());
        TopologyPlan topology = Selectors.resolve(request.gpus(), visible);
        Gpu gpu = topology.requireSingleGpu();
        String name = RecordNames.validate(request.name().orElseGet(() -> RecordNames.defaultFor(gpu.uuid())));
        boolean defaultPipe = request.pipeDirectory().isEmpty();
        Path pipe = absolute(request.pipeDirectory().orElseGet(() -> RuntimeDirs.defaultPipeDirectory(host, name)));
        Path log = absolute(request.logDirectory().orElseGet(() -> RuntimeDirs.defaultLogDirectory(host, name)));
        for (Path dir : List.of(pipe, log)) {
            if (dir.toString().indexOf('\n') >= 0 || dir.toString().indexOf('\r') >= 0) {
                throw new CumpsException("directory '" + dir.toString().replace("\n", "\\n") + "' contains a newline, which no launcher"
                        + " can export safely; choose another directory");
            }
        }
        if (pipe.equals(log)) {
            throw new CumpsException("pipe and log directories must differ (both are " + pipe + "); give --log-dir another directory");
        }
        RuntimeDirs.checkSocketPathLength(pipe);
        return new StartPlan(name, topology, gpu, pipe, log, defaultPipe, MpsControl.validateRequested(request.environment()));
    }

    /** A resolved start; {@code environment} holds the variables the operator asked to pass to the daemon. */
    public record StartPlan(String name, TopologyPlan topology, Gpu gpu, Path pipeDirectory, Path logDirectory,
                            boolean defaultPipeDirectory, java.util.Map<String, String> environment) {
    }

    /**
     * What one start launched, so that undo touches nothing else: a random nonce the daemon inherits
     * in {@link MpsControl#LAUNCH_NONCE_VARIABLE}, a start time the daemon cannot precede (this
     * process's own), and the identity (device, inode) of the pipe directory that was prepared.
     */
    private record Launch(String nonce, long notBeforeTicks, Object pipeIdentity) {
    }

    /** Created on first use (a start), not when status or env build this class: seeding costs milliseconds. */
    private static final class Random {
        static final java.security.SecureRandom RANDOM = new java.security.SecureRandom();
    }

    /** Created on first use: System.getLogger starts java.util.logging (about 25 ms), which status never needs. */
    private static final class Log {
        static final System.Logger LOG = System.getLogger(DaemonLifecycle.class.getName());
    }

    /**
     * How long a start waits for another start or stop on the same pipe directory or GPU to finish:
     * long enough for a whole start and its undo, so the loser then sees the winner's record.
     */
    private Duration resourceWait() {
        return timeouts.launch().plus(timeouts.socket()).plus(timeouts.answer()).plus(timeouts.exit().multipliedBy(2));
    }

    /** The lock of a pipe directory, keyed by its canonical path; taken after the name lock. */
    private RecordStore.NameLock lockPipe(Path pipe) {
        return store.lockResource("pipe", canonical(pipe).toString(), resourceWait(), "another cumps has been starting or stopping"
                + " a daemon on pipe directory " + pipe + " for over " + resourceWait().toSeconds() + " s; wait for it to finish and try again");
    }

    /** The lock of a GPU, keyed by its UUID; taken after the pipe lock. */
    private RecordStore.NameLock lockGpu(Gpu gpu) {
        return store.lockResource("gpu", gpu.uuid().value(), resourceWait(), "another cumps has been starting a daemon on GPU "
                + gpu.uuid().value() + " for over " + resourceWait().toSeconds() + " s; wait for it to finish and try again");
    }

    /** The absolute path with every existing part resolved (links, {@code ..}): one key per directory. */
    static Path canonical(Path p) {
        Path abs = p.toAbsolutePath().normalize();
        Path existing = abs;
        List<Path> rest = new ArrayList<>();
        while (existing.getParent() != null && !Files.exists(existing)) {
            rest.add(0, existing.getFileName());
            existing = existing.getParent();
        }
        try {
            Path resolved = existing.toRealPath();
            for (Path part : rest) {
                resolved = resolved.resolve(part);
            }
            return resolved;
        } catch (IOException e) {
            return abs;
        }
    }

    /** Starts a detached daemon and returns its record. */
    public DaemonRecord start(StartRequest request, Consumer<StartStage> progress) {
        progress.accept(StartStage.RESOLVING);
        StartPlan plan = plan(request);
        try (RecordStore.NameLock lock = store.lock(plan.name());
             RecordStore.NameLock pipeLock = lockPipe(plan.pipeDirectory());
             RecordStore.NameLock gpuLock = lockGpu(plan.gpu())) {
            progress.accept(StartStage.PREPARING);
            Launch launch = prepare(plan);
            progress.accept(StartStage.LAUNCHING);
            long logMark = RuntimeDirs.controlLogSize(plan.logDirectory());
            CommandResult launched = runner.run(new CommandSpec(List.of(MpsControl.PROGRAM, "-d"), daemonEnvironment(plan, launch),
                    null, timeouts.launch()));
            if (!launched.succeeded()) {
                throw failure(plan, "could not launch " + MpsControl.PROGRAM + " -d: " + launched.describeFailure(), launch);
            }
            return afterLaunch(plan, launch, logMark, progress);
        }
    }

    private java.util.Map<String, String> daemonEnvironment(StartPlan plan, Launch launch) {
        return control.daemonEnvironment(plan.pipeDirectory(), plan.logDirectory(), plan.gpu().uuid().value(), plan.environment(),
                launch.nonce());
    }

    /**
     * Waits for the launched daemon and records it. Whatever goes wrong from here on (including an
     * interrupt, e.g. the window closing mid-start) undoes the launch, so no daemon is left running
     * without a record.
     */
    private DaemonRecord afterLaunch(StartPlan plan, Launch launch, long logMark, Consumer<StartStage> progress) {
        try {
            progress.accept(StartStage.CONTROL_SOCKET);
            awaitSocket(plan, launch, logMark);
            checkPipeIdentity(plan, launch);
            progress.accept(StartStage.ANSWERING);
            return finishStart(plan, launch, logMark, progress);
        } catch (StartFailure f) {
            throw f;
        } catch (CumpsException e) {
            throw failure(plan, e.getMessage(), launch);
        }
    }

    /** The pipe directory must still be the very directory prepared before the launch (same device and inode). */
    private void checkPipeIdentity(StartPlan plan, Launch launch) {
        Object now = RuntimeDirs.directoryIdentity(plan.pipeDirectory());
        if (!now.equals(launch.pipeIdentity())) {
            throw failure(plan, "pipe directory " + plan.pipeDirectory() + " was replaced by another directory while the daemon"
                    + " started; make sure no one else can change its parents and start again", launch);
        }
    }

    private DaemonRecord finishStart(StartPlan plan, Launch launch, long logMark, Consumer<StartStage> progress) {
        CommandResult answer = awaitAnswer(plan, logMark);
        if (!MpsControl.answered(answer)) {
            throw failure(plan, "the daemon did not answer get_server_list (" + answer.describeFailure() + ")", launch);
        }
        long pid = daemonPid(plan).orElseThrow(() -> failure(plan, "the daemon answered but wrote no "
                + RuntimeDirs.PID_FILE + " in " + plan.pipeDirectory(), launch));
        ProcessInfo info = processes.find(pid).filter(ProcessInfo::running)
                .orElseThrow(() -> failure(plan, "the pid file names pid " + pid + ", which is not running", launch));
        if (!info.comm().startsWith(DAEMON_COMM_PREFIX)) {
            throw failure(plan, "the pid file names pid " + pid + ", which is '" + info.comm() + "', not " + MpsControl.PROGRAM, launch);
        }
        if (!launchedBy(info, launch)) {
            throw failure(plan, "the pid file names pid " + pid + ", which this start did not launch (it started earlier or lacks"
                    + " this launch's " + MpsControl.LAUNCH_NONCE_VARIABLE + ")", launch);
        }
        DaemonRecord record = new DaemonRecord(plan.name(), host.uid(), host.hostname(), TopologyMode.SINGLE_GPU.id(),
                List.of(plan.gpu().uuid().value()), plan.pipeDirectory(), plan.logDirectory(), pid, info.startTicks(),
                clock.millis() / 1000.0);
        store.write(record);
        progress.accept(StartStage.RECORDED);
        return record;
    }

    /**
     * The refusals and clean-ups that precede any launch. Call with the name, pipe and GPU locks
     * held. Returns what identifies the launch that follows.
     */
    private Launch prepare(StartPlan plan) {
        RuntimeDirs.checkParentChain(plan.pipeDirectory(), host.uid());
        RuntimeDirs.checkParentChain(plan.logDirectory(), host.uid());
        RecordLookup existing = store.lookup(plan.name());
        if (existing instanceof RecordLookup.Foreign foreign) {
            throw new CumpsException("record '" + plan.name() + "' belongs to " + foreign.owner() + "; choose another --name");
        }
        if (existing instanceof RecordLookup.Found found) {
            if (assess(found.record()).live()) {
                throw new CumpsException("daemon '" + plan.name() + "' is already running (pid " + found.record().pid()
                        + "); stop it first or choose another --name");
            }
            Path moved = store.quarantine(plan.name());
            Log.LOG.log(System.Logger.Level.INFO, "moved stale record {0} to {1}", plan.name(), moved);
        } else if (existing instanceof RecordLookup.Unreadable) {
            Path moved = store.quarantine(plan.name());
            Log.LOG.log(System.Logger.Level.INFO, "moved unreadable record {0} to {1}", plan.name(), moved);
        }
        Path pipeKey = canonical(plan.pipeDirectory());
        for (var other : store.list().records()) {
            if (other.name().equals(plan.name())) {
                continue;
            }
            boolean live = assess(other).live();
            if (canonical(other.pipeDirectory()).equals(pipeKey)) {
                throw new CumpsException("pipe directory " + plan.pipeDirectory() + " belongs to daemon '" + other.name() + "' ("
                        + (live ? "live, pid " + other.pid() : "stale record") + "); stop it with `cumps stop --name " + other.name()
                        + "` or choose another --pipe-dir");
            }
            if (live && canonical(other.logDirectory()).equals(pipeKey)) {
                throw new CumpsException("pipe directory " + plan.pipeDirectory() + " is the log directory of live daemon '"
                        + other.name() + "'; choose another --pipe-dir");
            }
            if (live && other.gpuUuids().contains(plan.gpu().uuid().value())) {
                throw new CumpsException("GPU " + plan.gpu().uuid().value() + " already has live daemon '" + other.name() + "' (pid "
                        + other.pid() + "); stop it with `cumps stop --name " + other.name() + "` or choose another GPU with --gpus");
            }
        }
        preparePrivate(plan.pipeDirectory());
        preparePrivate(plan.logDirectory());
        refuseUnsafeLogs(plan.logDirectory());
        clearLeftovers(plan);
        byte[] nonce = new byte[16];
        Random.RANDOM.nextBytes(nonce);
        return new Launch(java.util.HexFormat.of().formatHex(nonce), processes.selfStartTicks(),
                RuntimeDirs.directoryIdentity(plan.pipeDirectory()));
    }

    /**
     * The daemon appends to {@code control.log} and {@code server.log} without refusing a link, and
     * blocks opening a FIFO: either must be a regular file or absent.
     */
    private static void refuseUnsafeLogs(Path logDirectory) {
        for (String log : List.of(RuntimeDirs.CONTROL_LOG, "server.log")) {
            Path file = logDirectory.resolve(log);
            try {
                dev.cumps.core.fs.SafeFiles.regularFile(file);
            } catch (java.nio.file.NoSuchFileException absent) {
                // The daemon creates it.
            } catch (IOException e) {
                throw new CumpsException(file + ": " + e.getMessage() + "; the daemon would write through it or wait on it."
                        + " Remove it and start again");
            }
        }
    }

    /** Directories under the runtime root are checked from that root down; others from what we create. */
    private void preparePrivate(Path dir) {
        Path runtimeRoot = RuntimeDirs.runtimeRoot(host);
        Path base = dir.startsWith(runtimeRoot) ? runtimeRoot : firstMissing(dir);
        RuntimeDirs.preparePrivate(base, dir, host.uid());
    }

    /** The highest ancestor of dir that does not exist yet (what we will create), or dir itself. */
    private static Path firstMissing(Path dir) {
        Path highest = dir;
        for (Path p = dir; p != null && !Files.exists(p, LinkOption.NOFOLLOW_LINKS); p = p.getParent()) {
            highest = p;
        }
        return highest;
    }

    /**
     * Removes what a failed launch leaves (a {@code control_lock} file, a FIFO named {@code log});
     * in the default pipe directory also orphaned sockets whose daemon is gone. Then refuses to
     * attach to a {@code control} that still exists.
     */
    private void clearLeftovers(StartPlan plan) {
        Path pipe = plan.pipeDirectory();
        Optional<Long> pidFromFile = RuntimeDirs.readPidFile(pipe);
        Optional<ProcessInfo> owner = pidFromFile.flatMap(processes::find).filter(ProcessInfo::running);
        boolean daemonAlive = owner.map(info -> info.comm().startsWith(DAEMON_COMM_PREFIX)).orElse(false);
        if (daemonAlive) {
            throw new CumpsException("an MPS control daemon (pid " + owner.get().pid() + ") is already running on " + pipe
                    + " without a record of yours; stop it with `echo quit | CUDA_MPS_PIPE_DIRECTORY=" + pipe
                    + " nvidia-cuda-mps-control` or choose another --pipe-dir");
        }
        try {
            // Not only regular files: the daemon opens control_lock and writes its pid file without
            // refusing links, so a link left here would make it lock or overwrite another file.
            Path lockFile = pipe.resolve("control_lock");
            if (Files.exists(lockFile, LinkOption.NOFOLLOW_LINKS) && !Files.isDirectory(lockFile, LinkOption.NOFOLLOW_LINKS)) {
                Files.delete(lockFile);
            }
            Path logFifo = pipe.resolve("log");
            if (ControlPipe.kindOf(logFifo).filter(k -> k == ControlPipe.Kind.FIFO).isPresent()) {
                Files.delete(logFifo);
            }
            if (plan.defaultPipeDirectory()) {
                for (String socket : List.of(ControlPipe.CONTROL, ControlPipe.CONTROL_PRIVILEGED)) {
                    Path p = pipe.resolve(socket);
                    if (ControlPipe.kindOf(p).isPresent()) {
                        Files.delete(p);
                    }
                }
            }
        } catch (IOException e) {
            throw new CumpsException("cannot clear leftovers in " + pipe + ": " + e.getMessage());
        }
        if (Files.exists(pipe.resolve(ControlPipe.CONTROL), LinkOption.NOFOLLOW_LINKS)) {
            throw new CumpsException(pipe.resolve(ControlPipe.CONTROL) + " already exists and no record of yours owns it;"
                    + " refusing to attach to an unmanaged daemon. Remove it if no daemon uses it, or choose another --pipe-dir");
        }
        // No daemon runs under a pid file that is still here (checked above); left in place, it would
        // be mistaken for the new daemon's while that one starts.
        try {
            Path pidFile = pipe.resolve(RuntimeDirs.PID_FILE);
            if (Files.exists(pidFile, LinkOption.NOFOLLOW_LINKS) && !Files.isDirectory(pidFile, LinkOption.NOFOLLOW_LINKS)) {
                Files.delete(pidFile);
            }
        } catch (IOException e) {
            throw new CumpsException("cannot remove the stale pid file in " + pipe + ": " + e.getMessage());
        }
    }

    private void awaitSocket(StartPlan plan, Launch launch, long logMark) {
        long deadline = System.nanoTime() + timeouts.socket().toNanos();
        Path socket = plan.pipeDirectory().resolve(ControlPipe.CONTROL);
        Backoff backoff = new Backoff(timeouts.poll());
        while (System.nanoTime() < deadline) {
            if (ControlPipe.kindOf(socket).isPresent()) {
                return;
            }
            Optional<String> gaveUp = gaveUp(plan, logMark);
            if (gaveUp.isPresent()) {
                throw failure(plan, gaveUp.get(), launch);
            }
            sleep(backoff.next());
        }
        throw failure(plan, "no control socket appeared at " + socket + " within " + timeouts.socket().toSeconds() + " s", launch);
    }

    /**
     * Asks {@code get_server_list} until the daemon answers. The socket file exists from the daemon's
     * {@code bind()}; until its {@code listen()} a client cannot connect and says it finds no daemon.
     * That one reply is asked again, with the socket wait's backoff and deadline, while the daemon has
     * not {@linkplain #gaveUp given up}; any other reply, a timeout included, is returned at once for
     * the caller to judge.
     */
    private CommandResult awaitAnswer(StartPlan plan, long logMark) {
        long deadline = System.nanoTime() + timeouts.socket().toNanos();
        Backoff backoff = new Backoff(timeouts.poll());
        while (true) {
            CommandResult answer = control.ask(plan.pipeDirectory(), plan.logDirectory(), "get_server_list");
            if (!MpsControl.foundNoDaemon(answer) || System.nanoTime() >= deadline || gaveUp(plan, logMark).isPresent()) {
                return answer;
            }
            sleep(backoff.next());
        }
    }

    /**
     * Why a launched daemon is no longer coming up, if it is not: an error line in control.log since
     * the launch, or a pid file naming a process that has exited. Worded for the socket wait, which
     * reports it; the answer wait only asks whether there is one.
     */
    private Optional<String> gaveUp(StartPlan plan, long logMark) {
        if (RuntimeDirs.controlLogSince(plan.logDirectory(), logMark).stream().anyMatch(RuntimeDirs::isErrorLine)) {
            return Optional.of("the daemon reported an error while starting");
        }
        return daemonPid(plan).filter(pid -> !processes.exists(pid))
                .map(pid -> "the daemon (pid " + pid + ") exited before creating its control socket");
    }

    private Optional<Long> daemonPid(StartPlan plan) {
        return RuntimeDirs.readPidFile(plan.pipeDirectory());
    }

    /**
     * The process the pipe directory's pid file names, if this very launch started it: a running
     * {@code nvidia-cuda-mps} process that started no earlier than this process and carries the
     * launch's nonce in its environment.
     */
    private Optional<ProcessInfo> launchedDaemon(StartPlan plan, Launch launch) {
        return daemonPid(plan).flatMap(processes::find).filter(ProcessInfo::running)
                .filter(info -> info.comm().startsWith(DAEMON_COMM_PREFIX))
                .filter(info -> launchedBy(info, launch));
    }

    private boolean launchedBy(ProcessInfo info, Launch launch) {
        return info.startTicks() >= launch.notBeforeTicks()
                && processes.environment(info.pid()).map(env -> launch.nonce().equals(env.get(MpsControl.LAUNCH_NONCE_VARIABLE)))
                .orElse(false);
    }

    /**
     * Undoes a launch that did not come up, touching only what this launch started: if the pid file
     * names the process this launch started (see {@link #launchedDaemon}), {@code quit} on stdin and,
     * should it ignore that, SIGTERM to exactly that pid and start time, verified again right before.
     * A pid file naming any other process is left alone, and so is its daemon. Leftovers are removed
     * once no running process is named by the pid file. The exception carries the control log tail.
     */
    private StartFailure failure(StartPlan plan, String message, Launch launch) {
        // Undoing must finish even when the start was interrupted: run it with the flag cleared.
        boolean interrupted = Thread.interrupted();
        try {
            return undoLaunch(plan, message, launch);
        } finally {
            if (interrupted) {
                Thread.currentThread().interrupt();
            }
        }
    }

    private StartFailure undoLaunch(StartPlan plan, String message, Launch launch) {
        Optional<ProcessInfo> ours = launchedDaemon(plan, launch);
        if (ours.isPresent() || daemonPid(plan).isEmpty()) {
            // Without a pid file nothing names another daemon; the socket, if any, is this launch's.
            control.ask(plan.pipeDirectory(), plan.logDirectory(), "quit");
        }
        ours.ifPresent(info -> {
            if (!waitForExit(info.identity(), timeouts.exit())
                    && launchedDaemon(plan, launch).filter(again -> again.identity().equals(info.identity())).isPresent()
                    && processes.terminate(info.identity())) {
                waitForExit(info.identity(), timeouts.exit());
            }
        });
        Optional<Long> named = daemonPid(plan);
        if (named.filter(processes::exists).isEmpty()) {
            removeLeftovers(plan.pipeDirectory(), named.orElse(-1L));
        }
        return new StartFailure("daemon '" + plan.name() + "' did not start: " + message,
                RuntimeDirs.controlLogTail(plan.logDirectory(), LOG_TAIL_LINES));
    }

    private boolean waitForExit(dev.cumps.core.proc.ProcessIdentity identity, Duration limit) {
        return awaitGone(() -> processes.isAlive(identity), limit);
    }

    /** Waits until the recorded identity (pid and start time) no longer runs. */
    private boolean waitForExit(DaemonRecord record) {
        return awaitGone(() -> processes.isAlive(record.identity()), timeouts.exit());
    }

    /** Polls until {@code stillThere} turns false or {@code limit} passes; returns whether it is gone. */
    private boolean awaitGone(java.util.function.BooleanSupplier stillThere, Duration limit) {
        long deadline = System.nanoTime() + limit.toNanos();
        Backoff backoff = new Backoff(timeouts.poll());
        while (System.nanoTime() < deadline) {
            if (!stillThere.getAsBoolean()) {
                return true;
            }
            sleep(backoff.next());
        }
        return !stillThere.getAsBoolean();
    }

    private static void sleep(Duration d) {
        try {
            Thread.sleep(d.toMillis());
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new CumpsException("interrupted while waiting for the MPS daemon");
        }
    }

    private static Path absolute(Path p) {
        return p.toAbsolutePath().normalize();
    }

    // ---------------------------------------------------------------- stop

    /**
     * Stops one daemon by name, or the sole live record when no name is given. Never contacts a
     * daemon whose record is stale, foreign or unreadable.
     */
    public StopOutcome stop(Optional<String> name) {
        String target = name.map(RecordNames::validate).orElseGet(this::soleLiveName);
        try (RecordStore.NameLock lock = store.lock(target)) {
            RecordLookup lookup = store.lookup(target);
            if (lookup instanceof RecordLookup.Missing) {
                throw new CumpsException("no record named '" + target + "'; only daemons recorded by cumps or uni-cumps can be stopped (see `cumps status`)");
            }
            if (lookup instanceof RecordLookup.Foreign foreign) {
                throw new CumpsException("record '" + target + "' belongs to " + foreign.owner() + "; only its owner on that host can stop it");
            }
            if (lookup instanceof RecordLookup.Unreadable unreadable) {
                Path moved = store.quarantine(target);
                return new StopOutcome(target, Optional.empty(), StopOutcome.Result.UNREADABLE_QUARANTINED,
                        "record '" + target + "' is unreadable (" + unreadable.record().reason() + "); moved it to " + moved + ", nothing was signalled");
            }
            DaemonRecord record = ((RecordLookup.Found) lookup).record();
            try (RecordStore.NameLock pipeLock = lockPipe(record.pipeDirectory())) {
                return stopLocked(record);
            }
        }
    }

    private StopOutcome stopLocked(DaemonRecord record) {
        if (!assess(record).live()) {
            store.remove(record.name());
            return new StopOutcome(record.name(), Optional.of(record), StopOutcome.Result.STALE_REMOVED,
                    "record '" + record.name() + "' was stale (pid " + record.pid() + " with start time " + record.processStartTicks()
                            + " no longer runs); removed the record, nothing was signalled");
        }
        Optional<Long> served = RuntimeDirs.readPidFile(record.pipeDirectory());
        if (served.isPresent() && served.get() != record.pid()) {
            return new StopOutcome(record.name(), Optional.of(record), StopOutcome.Result.FAILED,
                    "pipe directory " + record.pipeDirectory() + " is served by pid " + served.get() + ", not by the recorded pid "
                            + record.pid() + "; nothing was signalled");
        }
        // `quit` goes to whatever serves the record's pipe directory: make sure that is the recorded
        // daemon, so that a record naming one daemon's pid and another's pipe directory (with that
        // directory's pid file missing, a link, or forged) cannot stop the other daemon.
        Optional<Boolean> startedOn = startedOn(record);
        if (startedOn.isPresent() && !startedOn.get()) {
            return new StopOutcome(record.name(), Optional.of(record), StopOutcome.Result.FAILED,
                    "pid " + record.pid() + " was not started with CUDA_MPS_PIPE_DIRECTORY=" + record.pipeDirectory()
                            + ", so another daemon may serve that directory; nothing was signalled");
        }
        if (served.isEmpty() && startedOn.isEmpty()) {
            return new StopOutcome(record.name(), Optional.of(record), StopOutcome.Result.FAILED,
                    "the pid file in " + record.pipeDirectory() + " is missing or unreadable, and the environment of pid "
                            + record.pid() + " does not show its pipe directory, so another daemon may serve that directory;"
                            + " nothing was signalled");
        }
        CommandResult quit = control.ask(record.pipeDirectory(), record.logDirectory(), "quit");
        if (!waitForExit(record)) {
            return new StopOutcome(record.name(), Optional.of(record), StopOutcome.Result.FAILED,
                    "daemon '" + record.name() + "' (pid " + record.pid() + ") did not exit within " + timeouts.exit().toSeconds()
                            + " s after quit (" + (quit.succeeded() ? "quit was accepted" : quit.describeFailure()) + "); its record was kept");
        }
        store.remove(record.name());
        removeLeftovers(record.pipeDirectory(), record.pid());
        return new StopOutcome(record.name(), Optional.of(record), StopOutcome.Result.STOPPED,
                "stopped daemon '" + record.name() + "' (pid " + record.pid() + ")");
    }

    /**
     * Whether the recorded process was started on the record's pipe directory, as its environment
     * ({@code CUDA_MPS_PIPE_DIRECTORY}) shows; empty when the environment is unreadable or lacks it.
     */
    private Optional<Boolean> startedOn(DaemonRecord record) {
        Optional<String> value = processes.environment(record.pid()).map(env -> env.get("CUDA_MPS_PIPE_DIRECTORY"))
                .filter(v -> !v.isEmpty());
        if (value.isEmpty()) {
            return Optional.empty();
        }
        try {
            return Optional.of(canonical(Path.of(value.get())).equals(canonical(record.pipeDirectory())));
        } catch (java.nio.file.InvalidPathException e) {
            return Optional.of(false);
        }
    }

    /**
     * After the recorded daemon has verifiably exited, removes what it leaves in its own pipe
     * directory (the daemon leaves its sockets behind), so the same directory can be used again.
     */
    private void removeLeftovers(Path pipe, long stoppedPid) {
        Optional<Long> pidFile = RuntimeDirs.readPidFile(pipe);
        if (pidFile.isPresent() && pidFile.get() != stoppedPid) {
            return;
        }
        for (String leftover : List.of(ControlPipe.CONTROL, ControlPipe.CONTROL_PRIVILEGED, "control_lock", RuntimeDirs.PID_FILE)) {
            try {
                Path p = pipe.resolve(leftover);
                if (!Files.isDirectory(p, LinkOption.NOFOLLOW_LINKS)) {
                    Files.deleteIfExists(p);
                }
            } catch (IOException e) {
                Log.LOG.log(System.Logger.Level.WARNING, "could not remove {0} in {1}: {2}", leftover, pipe, e.getMessage());
            }
        }
        Path logFifo = pipe.resolve("log");
        if (ControlPipe.kindOf(logFifo).filter(k -> k == ControlPipe.Kind.FIFO).isPresent()) {
            try {
                Files.delete(logFifo);
            } catch (IOException e) {
                Log.LOG.log(System.Logger.Level.WARNING, "could not remove {0}: {1}", logFifo, e.getMessage());
            }
        }
    }

    /** Stops every live daemon of this user and host and cleans stale records; one failure does not stop the rest. */
    public List<StopOutcome> stopAll() {
        List<StopOutcome> outcomes = new ArrayList<>();
        for (DaemonRecord record : store.list().records()) {
            try (RecordStore.NameLock lock = store.lock(record.name())) {
                RecordLookup again = store.lookup(record.name());
                if (again instanceof RecordLookup.Found found) {
                    try (RecordStore.NameLock pipeLock = lockPipe(found.record().pipeDirectory())) {
                        outcomes.add(stopLocked(found.record()));
                    }
                }
            } catch (CumpsException e) {
                outcomes.add(new StopOutcome(record.name(), Optional.of(record), StopOutcome.Result.FAILED, e.getMessage()));
            }
        }
        return outcomes;
    }

    /** Moves a stale or unreadable record aside without contacting anything; refuses a live one. */
    public Path removeRecord(String name) {
        try (RecordStore.NameLock lock = store.lock(RecordNames.validate(name))) {
            RecordLookup lookup = store.lookup(name);
            if (lookup instanceof RecordLookup.Found found && assess(found.record()).live()) {
                throw new CumpsException("daemon '" + name + "' is live; stop it instead of removing its record");
            }
            if (lookup instanceof RecordLookup.Missing) {
                throw new CumpsException("no record named '" + name + "'");
            }
            if (lookup instanceof RecordLookup.Foreign foreign) {
                throw new CumpsException("record '" + name + "' belongs to " + foreign.owner());
            }
            return store.quarantine(name);
        }
    }

    /** The name of the sole live record; none or several is an error asking for a name. */
    public String soleLiveName() {
        List<String> live = store.list().records().stream().filter(r -> assess(r).live()).map(DaemonRecord::name).toList();
        if (live.isEmpty()) {
            throw new CumpsException("no live daemon is recorded for you on this host; give --name (see `cumps status`)");
        }
        if (live.size() > 1) {
            throw new CumpsException(live.size() + " live daemons are recorded (" + String.join(", ", live) + "); choose one with --name");
        }
        return live.get(0);
    }

    // ---------------------------------------------------------------- foreground

    /**
     * Runs {@code nvidia-cuda-mps-control -f} attached to this terminal: the record is written once
     * the daemon answers and removed when it exits. Returns the daemon's exit status.
     * {@link #quitForeground} (e.g. from a Ctrl-C hook) asks it to quit.
     */
    public int runForeground(StartRequest request, ProcessSpawner spawner, Consumer<DaemonRecord> onRecorded,
                             Consumer<StartStage> progress) {
        progress.accept(StartStage.RESOLVING);
        StartPlan plan = plan(request);
        ProcessSpawner.Spawned daemon;
        DaemonRecord record;
        try (RecordStore.NameLock lock = store.lock(plan.name());
             RecordStore.NameLock pipeLock = lockPipe(plan.pipeDirectory());
             RecordStore.NameLock gpuLock = lockGpu(plan.gpu())) {
            progress.accept(StartStage.PREPARING);
            Launch launch = prepare(plan);
            progress.accept(StartStage.LAUNCHING);
            long logMark = RuntimeDirs.controlLogSize(plan.logDirectory());
            try {
                daemon = spawner.spawn(new CommandSpec(List.of(MpsControl.PROGRAM, "-f"), daemonEnvironment(plan, launch), null,
                        timeouts.launch()));
            } catch (IOException e) {
                throw failure(plan, "could not launch " + MpsControl.PROGRAM + " -f: " + e.getMessage(), launch);
            }
            record = afterLaunch(plan, launch, logMark, progress);
        }
        onRecorded.accept(record);
        try {
            while (!daemon.waitFor(Duration.ofSeconds(1))) {
                // The daemon runs until it is told to quit or dies.
            }
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        } finally {
            endForeground(record);
        }
        return daemon.isAlive() ? 1 : daemon.exitValue();
    }

    /**
     * Ends a foreground run: {@code quit} if the recorded daemon still runs, a bounded wait for it to
     * exit, then removal of its record (only if the record still names that very process). Safe to
     * call twice, from the waiting thread and from a Ctrl-C hook.
     */
    public void endForeground(DaemonRecord record) {
        if (processes.isAlive(record.identity())) {
            control.ask(record.pipeDirectory(), record.logDirectory(), "quit");
            waitForExit(record);
        }
        if (processes.isAlive(record.identity())) {
            return;
        }
        synchronized (this) {
            try (RecordStore.NameLock lock = store.lock(record.name());
                 RecordStore.NameLock pipeLock = lockPipe(record.pipeDirectory())) {
                if (store.lookup(record.name()) instanceof RecordLookup.Found found && found.record().identity().equals(record.identity())) {
                    store.remove(record.name());
                    removeLeftovers(record.pipeDirectory(), record.pid());
                }
            } catch (CumpsException busy) {
                Log.LOG.log(System.Logger.Level.DEBUG, "record {0} is being removed elsewhere: {1}", record.name(), busy.getMessage());
            }
        }
    }

}
