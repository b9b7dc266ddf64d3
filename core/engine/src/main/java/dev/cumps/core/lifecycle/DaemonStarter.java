package dev.cumps.core.lifecycle;

import dev.cumps.core.exec.CommandResult;
import dev.cumps.core.exec.CommandSpec;
import dev.cumps.core.live.DefaultLimits;
import dev.cumps.core.message.CumpsException;
import dev.cumps.core.message.Message;
import dev.cumps.core.mps.DaemonPids;
import dev.cumps.core.mps.MpsControl;
import dev.cumps.core.mps.MpsLimits;
import dev.cumps.core.mps.RuntimeDirs;
import dev.cumps.core.proc.ProcessInfo;
import dev.cumps.core.record.DaemonRecord;
import dev.cumps.core.record.NameLock;
import dev.cumps.core.topology.TopologyMode;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.OptionalLong;
import java.util.function.Consumer;

/**
 * A start as a transaction: plan, lock the name, then the pipe directory, then the GPU (always in
 * this order), run the {@link StartChecks}, launch, wait for the control socket, check that the pipe
 * directory is still the same one, that the daemon answers and that the process its {@code control.log}
 * (and its pid file, where the driver writes one) names is the one this launch started
 * ({@link LaunchIdentity}), and write the record last. Whatever goes wrong after the launch (an
 * interrupt included) is undone by {@link StartUndo}, so no daemon is left running without a record.
 */
public final class DaemonStarter {
    /** Launches the daemon with {@code environment}; says what it started, or why it could not. */
    @FunctionalInterface
    interface Launcher {
        Launched launch(Map<String, String> environment);
    }

    /**
     * What a {@link Launcher} did: {@code failure} says why nothing was launched; otherwise {@code pid} is the
     * process it started when that process is the daemon itself ({@code -f}), empty for {@code -d} (which forks).
     */
    record Launched(Optional<Message> failure, OptionalLong pid) {
        static Launched failed(Message why) {
            return new Launched(Optional.of(why), OptionalLong.empty());
        }

        static Launched detached() {
            return new Launched(Optional.empty(), OptionalLong.empty());
        }

        static Launched daemonProcess(long pid) {
            return new Launched(Optional.empty(), OptionalLong.of(pid));
        }
    }

    private final LifecycleContext c;
    private final StartPlanner planner;
    private final StartChecks checks;
    private final Readiness readiness;
    private final StartUndo undo;
    private final StartConflicts conflicts;

    public DaemonStarter(LifecycleContext c, StartPlanner planner) {
        this.c = c;
        this.planner = planner;
        this.checks = new StartChecks(c.host(), c.store(), c.liveness(), c.leftovers(), c.identity());
        this.readiness = new Readiness(c.control(), c.processes(), c.timeouts());
        this.undo = new StartUndo(c.control(), c.processes(), c.identity(), c.leftovers(), c.waits(), c.timeouts());
        this.conflicts = new StartConflicts(c.store(), c.liveness());
    }

    /**
     * What a start of {@code request} would use and meet among the records now, found without side
     * effects or locks: the plan, the refusal it would give and what it would move aside. For the
     * start dialog's live validation; {@link #start} checks everything again under its locks.
     */
    public StartPreview preview(StartRequest request) {
        StartPlan plan = planner.plan(request);
        return new StartPreview(plan, conflicts.refusal(plan), conflicts.note(plan));
    }

    /** Starts a detached daemon that nobody cancels ({@code cumps start}); a launch that does not come up is undone ({@link StartFailure}). */
    public DaemonRecord start(StartRequest request, Consumer<StartStage> progress) {
        return start(request, progress, StartCancellation.none());
    }

    /** Starts a detached daemon ({@code nvidia-cuda-mps-control -d}) that {@code cancel} can abort ({@link StartCancelled}). */
    public DaemonRecord start(StartRequest request, Consumer<StartStage> progress, StartCancellation cancel) {
        return start(request, progress, cancel, environment -> {
            CommandResult launched = c.runner().run(new CommandSpec(List.of(MpsControl.PROGRAM, "-d"), environment, null,
                    c.timeouts().launch()));
            return launched.succeeded() ? Launched.detached()
                    : Launched.failed(Message.of(LifecycleMessages.LAUNCH_FAILED, MpsControl.PROGRAM + " -d", launched.failureMessage()));
        });
    }

    /** Starts a daemon with {@code launcher} (detached or attached) and returns its record, written last. */
    DaemonRecord start(StartRequest request, Consumer<StartStage> progress, Launcher launcher) {
        return start(request, progress, StartCancellation.none(), launcher);
    }

    /**
     * Starts a daemon with {@code launcher} and returns its record, written last. A cancel before the
     * launch ends the start without launching; after it, the launch is undone as a failure would be.
     * Either way {@link StartCancelled} says what was done.
     */
    DaemonRecord start(StartRequest request, Consumer<StartStage> progress, StartCancellation cancel, Launcher launcher) {
        progress.accept(StartStage.RESOLVING);
        StartPlan plan = planner.plan(request);
        try (NameLock lock = c.store().locks().lock(plan.name());
             NameLock pipeLock = c.locks().lockPipe(plan.pipeDirectory());
             NameLock gpuLock = c.locks().lockGpu(plan.gpu())) {
            beforeLaunch(plan, cancel);
            progress.accept(StartStage.PREPARING);
            Launch launch = checks.prepare(plan);
            beforeLaunch(plan, cancel);
            progress.accept(StartStage.LAUNCHING);
            Map<String, String> environment = c.control().daemonEnvironment(plan.pipeDirectory(), plan.logDirectory(),
                    plan.gpu().uuid().value(), plan.environment(), launch.nonce());
            Launched launched = launcher.launch(environment);
            if (launched.failure().isPresent()) {
                throw undo.undo(plan, launched.failure().get(), launch);
            }
            return afterLaunch(plan, request.limits(), launched.pid().isPresent() ? launch.spawned(launched.pid().getAsLong()) : launch,
                    progress, cancel);
        }
    }

    /** Ends a cancelled start that has launched nothing yet. */
    private static void beforeLaunch(StartPlan plan, StartCancellation cancel) {
        if (cancel.isCancelled()) {
            throw new StartCancelled(Message.of(LifecycleMessages.CANCELLED_BEFORE_LAUNCH, plan.name()), List.of());
        }
    }

    /** Waits for the launched daemon, applies the limits and records it; any failure from here on undoes the launch. */
    private DaemonRecord afterLaunch(StartPlan plan, MpsLimits limits, Launch launch, Consumer<StartStage> progress,
                                     StartCancellation cancel) {
        try {
            progress.accept(StartStage.CONTROL_SOCKET);
            cancel.interruptibly(() -> {
                readiness.awaitSocket(plan, launch, cancel);
                return null;
            });
            checkPipeIdentity(plan, launch);
            progress.accept(StartStage.ANSWERING);
            CommandResult answer = cancel.interruptibly(() -> readiness.awaitAnswer(plan, launch, cancel));
            LaunchIdentity.PidEvidence evidence = MpsControl.answered(answer)
                    ? cancel.interruptibly(() -> readiness.awaitPidEvidence(plan, launch, cancel))
                    : LaunchIdentity.evidence(plan, launch);
            cancel.check();
            DaemonRecord record = record(plan, limits, launch, answer, evidence);
            progress.accept(StartStage.RECORDED);
            return record;
        } catch (StartCancellation.Cancelled cancelled) {
            throw undo.cancelled(plan, launch);
        } catch (StartFailure f) {
            throw f;
        } catch (CumpsException e) {
            throw undo.undo(plan, e.errorMessage(), launch);
        }
    }

    /** The pipe directory must still be the very directory prepared before the launch (same device and inode). */
    private static void checkPipeIdentity(StartPlan plan, Launch launch) {
        if (!RuntimeDirs.directoryIdentity(plan.pipeDirectory()).equals(launch.pipeIdentity())) {
            throw new CumpsException(Message.of(LifecycleMessages.PIPE_REPLACED, plan.pipeDirectory()));
        }
    }

    /**
     * Checks that the daemon answered and is this launch's, applies the requested limits (the
     * operator asked for them: a daemon that does not take them, or does not report them back, is a
     * failed start, undone: {@link DefaultLimits}), then writes its record with them.
     */
    private DaemonRecord record(StartPlan plan, MpsLimits limits, Launch launch, CommandResult answer,
                                LaunchIdentity.PidEvidence evidence) {
        if (!MpsControl.answered(answer)) {
            throw new CumpsException(Message.of(LifecycleMessages.NO_ANSWER, answer.failureMessage()));
        }
        if (evidence.disagree()) {
            throw new CumpsException(evidence.fromSpawn().isPresent()
                    ? Message.of(LifecycleMessages.PID_EVIDENCE_NOT_SPAWNED, evidence.fromSpawn().get(),
                            evidence.fromLog().isPresent() ? RuntimeDirs.CONTROL_LOG : LaunchIdentity.pidFile(plan),
                            evidence.fromLog().or(evidence::fromPidFile).orElseThrow())
                    : Message.of(LifecycleMessages.PID_EVIDENCE_DISAGREES, LaunchIdentity.pidFile(plan),
                            evidence.fromPidFile().orElseThrow(), evidence.fromLog().orElseThrow()));
        }
        long pid = evidence.pid().orElseThrow(() -> new CumpsException(Message.of(LifecycleMessages.NO_PID_EVIDENCE,
                plan.logDirectory().resolve(RuntimeDirs.CONTROL_LOG), LaunchIdentity.pidFile(plan))));
        String source = evidence.source();
        ProcessInfo info = c.processes().find(pid).filter(ProcessInfo::running)
                .orElseThrow(() -> new CumpsException(Message.of(LifecycleMessages.PID_NOT_RUNNING, pid, source)));
        if (!DaemonPids.isMpsProcess(info)) {
            throw new CumpsException(Message.of(LifecycleMessages.PID_NOT_DAEMON, pid, info.comm(), MpsControl.PROGRAM, source));
        }
        if (!c.identity().launchedBy(info, plan.pipeDirectory(), launch)) {
            throw new CumpsException(Message.of(LifecycleMessages.PID_NOT_LAUNCHED, pid, MpsControl.LAUNCH_NONCE_VARIABLE, source));
        }
        DefaultLimits.apply(c.control(), plan.pipeDirectory(), plan.logDirectory(), limits);
        DaemonRecord record = new DaemonRecord(plan.name(), c.host().uid(), c.host().hostname(), TopologyMode.SINGLE_GPU.id(),
                List.of(plan.gpu().uuid().value()), plan.pipeDirectory(), plan.logDirectory(), pid, info.startTicks(),
                c.clock().millis() / 1000.0, limits);
        c.store().write(record);
        return record;
    }
}
