package dev.cumps.core.lifecycle;

import dev.cumps.core.exec.CommandRunner;
import dev.cumps.core.exec.ProcessSpawner;
import dev.cumps.core.host.HostEnvironment;
import dev.cumps.core.message.Message;
import dev.cumps.core.proc.ProcessTable;
import dev.cumps.core.record.DaemonRecord;
import dev.cumps.core.record.ManagedDaemon;
import dev.cumps.core.record.RecordStore;
import java.nio.file.Path;
import java.time.Clock;
import java.util.List;
import java.util.Optional;
import java.util.function.Consumer;

/**
 * Start and stop of managed daemons, the one entry point the CLI and the window call. A thin
 * facade: planning is {@link StartPlanner}, the start transaction {@link DaemonStarter} (with
 * {@link StartChecks}, {@link Readiness} and its rollback {@link StartUndo}), stopping
 * {@link DaemonStopper}, foreground runs {@link ForegroundRunner}, and what earlier daemons leave
 * behind {@link Leftovers}. Every start and stop locks the record name, then the pipe directory,
 * then (start only) the GPU, always in this order ({@link ResourceLocks}).
 */
public final class DaemonLifecycle {
    private final LifecycleContext context;
    private final StartPlanner planner;
    private final DaemonStarter starter;
    private final DaemonStopper stopper;
    private final ForegroundRunner foreground;
    private final ClientTerminator terminator;
    private final StartConflicts conflicts;

    public DaemonLifecycle(HostEnvironment host, CommandRunner runner, ProcessTable processes, RecordStore store,
                           Clock clock, LifecycleTimeouts timeouts) {
        this.context = LifecycleContext.of(host, runner, processes, store, clock, timeouts);
        this.planner = new StartPlanner(host, runner);
        this.starter = new DaemonStarter(context, planner);
        this.stopper = new DaemonStopper(context);
        this.foreground = new ForegroundRunner(context, starter);
        this.terminator = new ClientTerminator(context);
        this.conflicts = new StartConflicts(store, context.liveness());
    }

    /** Liveness of a record: live only when its pid runs with the recorded start time. */
    public ManagedDaemon assess(DaemonRecord record) {
        return context.liveness().assess(record);
    }

    /** What a start would use, resolved without side effects (for dialogs and doctor). */
    public StartPlan plan(StartRequest request) {
        return planner.plan(request);
    }

    /**
     * {@link #plan} and what a start of it would meet among the records now, without side effects
     * or locks: the refusal it would give and what it would move aside. For the start dialog's
     * live validation; the start checks everything again under its locks.
     */
    public StartPreview preview(StartRequest request) {
        StartPlan plan = planner.plan(request);
        return new StartPreview(plan, conflicts.refusal(plan), conflicts.note(plan));
    }

    /** Starts a detached daemon and returns its record; a launch that does not come up is undone ({@link StartFailure}). */
    public DaemonRecord start(StartRequest request, Consumer<StartStage> progress) {
        return start(request, progress, StartCancellation.none());
    }

    /**
     * Starts a detached daemon that {@code cancel} can abort: before the launch nothing is started,
     * after it the launch is undone as a failed one is; either way {@link StartCancelled} is thrown.
     */
    public DaemonRecord start(StartRequest request, Consumer<StartStage> progress, StartCancellation cancel) {
        return starter.start(request, progress, cancel);
    }

    /**
     * Stops one daemon by name, or the sole live record when no name is given. Never contacts a
     * daemon whose record is stale, foreign or unreadable.
     */
    public StopOutcome stop(Optional<String> name) {
        return stopper.stop(name);
    }

    /** Stops every live daemon of this user and host and cleans stale records; one failure does not stop the rest. */
    public List<StopOutcome> stopAll() {
        return stopper.stopAll();
    }

    /** Moves a stale or unreadable record aside without contacting anything; refuses a live one. */
    public Path removeRecord(String name) {
        return stopper.removeRecord(name);
    }

    /** The name of the sole live record; none or several is an error asking for a name. */
    public String soleLiveName() {
        return stopper.soleLiveName();
    }

    /**
     * Runs {@code nvidia-cuda-mps-control -f} attached to this terminal: the record is written once
     * the daemon answers and removed when it exits. Returns the daemon's exit status.
     * {@link #endForeground} (e.g. from a Ctrl-C hook) asks it to quit.
     */
    public int runForeground(StartRequest request, ProcessSpawner spawner, Consumer<DaemonRecord> onRecorded,
                             Consumer<StartStage> progress) {
        return foreground.run(request, spawner, onRecorded, progress);
    }

    /** Ends a foreground run: quit, a bounded wait, then removal of the record if it still names that process. */
    public void endForeground(DaemonRecord record) {
        foreground.end(record);
    }

    /**
     * The MPS client {@code clientPid} of the caller's live daemon {@code name}, as
     * {@link #terminateClient} would find it (for a confirmation); changes nothing. The daemon is
     * verified as stop verifies it; a pid its servers do not list, or another user's client, is an error.
     */
    public ClientTarget clientTarget(String name, long clientPid) {
        return terminator.find(name, clientPid);
    }

    /**
     * Ends the MPS client {@code clientPid} of the caller's live daemon {@code name} with
     * {@code terminate_client}, after verifying daemon, server and client right before, and waits
     * until it has left its server's client list. Returns what was done (pid and command).
     */
    public Message terminateClient(String name, long clientPid) {
        return terminator.terminate(name, clientPid);
    }
}
