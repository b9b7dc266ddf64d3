package dev.cumps.core.lifecycle;

import dev.cumps.core.message.Message;
import dev.cumps.core.mps.DaemonPids;
import dev.cumps.core.mps.MpsControl;
import dev.cumps.core.mps.RuntimeDirs;
import dev.cumps.core.proc.ProcessInfo;
import dev.cumps.core.proc.ProcessTable;
import java.util.List;
import java.util.Optional;
import java.util.function.Function;

/**
 * Undoes a launch that did not come up, touching only what this launch started: if the evidence
 * (this launch's {@code control.log} lines, the pid file) names the process this launch started (see
 * {@link LaunchIdentity}), {@code quit} on stdin and,
 * should it ignore that, SIGTERM to exactly that pid and start time, verified again right before.
 * A pid file naming any other process is left alone, and so is its daemon. Leftovers are removed
 * once no running process is named by the pid file.
 *
 * <p>A start its caller gave up on, cancelled or interrupted (Ctrl-C, a window closed while it
 * started), is undone without waiting on the daemon: the caller is waiting, and a daemon that has not
 * come up may never answer {@code quit}. The process this launch started (named by the
 * evidence, or else the one process serving the pipe directory with this launch's nonce, as a daemon
 * that has not yet logged its start is) gets SIGTERM right away, its pid and start time verified
 * again right before, and the undo waits for its exit; {@code quit} is asked only when no such
 * process is found.
 */
final class StartUndo {
    private static final int LOG_TAIL_LINES = 12;

    private final MpsControl control;
    private final ProcessTable processes;
    private final LaunchIdentity identity;
    private final Leftovers leftovers;
    private final Waits waits;
    private final LifecycleTimeouts timeouts;

    StartUndo(MpsControl control, ProcessTable processes, LaunchIdentity identity, Leftovers leftovers, Waits waits,
              LifecycleTimeouts timeouts) {
        this.control = control;
        this.processes = processes;
        this.identity = identity;
        this.leftovers = leftovers;
        this.waits = waits;
        this.timeouts = timeouts;
    }

    /**
     * Undoes {@code launch} and returns the failure to throw: {@code reason} under the start's
     * headline, with the tail of {@code control.log}. Undoing finishes even when the start was
     * interrupted: it runs with the interrupt flag cleared, which is set again afterwards.
     */
    StartFailure undo(StartPlan plan, Message reason, Launch launch) {
        return undoing(interrupted -> {
            stopOurDaemon(plan, launch, interrupted);
            return new StartFailure(Message.of(LifecycleMessages.START_FAILED, plan.name(), reason), logTail(plan));
        });
    }

    /**
     * Undoes {@code launch} of a start the caller cancelled, exactly as {@link #undo} undoes an
     * interrupted one, and returns the cancellation to throw, saying what the undo did.
     */
    StartCancelled cancelled(StartPlan plan, Launch launch) {
        return undoing(interrupted -> new StartCancelled(stopOurDaemon(plan, launch, true), logTail(plan)));
    }

    private static List<String> logTail(StartPlan plan) {
        return RuntimeDirs.controlLogTail(plan.logDirectory(), LOG_TAIL_LINES);
    }

    /** Runs {@code work}, told whether the caller's thread was interrupted, with the interrupt flag cleared meanwhile. */
    private static <T> T undoing(Function<Boolean, T> work) {
        boolean interrupted = Thread.interrupted();
        try {
            return work.apply(interrupted);
        } finally {
            if (interrupted) {
                Thread.currentThread().interrupt();
            }
        }
    }

    /** Whether no running MPS process of the caller's serves the plan's pipe directory without this launch's nonce. */
    private boolean noOtherOnPipe(StartPlan plan, Launch launch) {
        return DaemonPids.onPipe(processes, plan.pipeDirectory()).stream()
                .allMatch(pid -> processes.environment(pid).map(env -> launch.nonce().equals(env.get(MpsControl.LAUNCH_NONCE_VARIABLE)))
                        .orElse(false));
    }

    /** This launch's daemon: the one the evidence names or, for a start given up on, the one carrying this launch's nonce. */
    private Optional<ProcessInfo> ours(StartPlan plan, Launch launch, boolean givenUp) {
        Optional<ProcessInfo> named = identity.launchedDaemon(plan, launch);
        if (named.isPresent() || !givenUp) {
            return named;
        }
        return DaemonPids.onPipe(processes, plan.pipeDirectory()).stream().map(processes::find).flatMap(Optional::stream)
                .filter(info -> identity.launchedBy(info, plan.pipeDirectory(), launch)).findFirst();
    }

    /**
     * Stops this launch's daemon if it runs (for a start given up on, cancelled or interrupted, at once
     * by SIGTERM, else {@code quit} first), removes leftovers once nothing runs; returns what was done.
     */
    private Message stopOurDaemon(StartPlan plan, Launch launch, boolean givenUp) {
        Optional<ProcessInfo> ours = ours(plan, launch, givenUp);
        LaunchIdentity.PidEvidence evidence = LaunchIdentity.evidence(plan, launch);
        boolean quitFirst = !(givenUp && ours.isPresent());
        if (quitFirst && (ours.isPresent()
                || (evidence.fromPidFile().isEmpty() && evidence.fromLog().isEmpty() && noOtherOnPipe(plan, launch)))) {
            // When neither the pid file nor this launch's log lines name a daemon, and no other MPS
            // process of the caller's serves the directory, the socket, if any, is this launch's.
            control.ask(plan.pipeDirectory(), plan.logDirectory(), "quit");
        }
        boolean gone = ours.map(info -> {
            if ((!quitFirst || !waits.exit(info.identity(), timeouts.exit()))
                    && ours(plan, launch, givenUp).filter(again -> again.identity().equals(info.identity())).isPresent()
                    && processes.terminate(info.identity())) {
                return waits.exit(info.identity(), timeouts.exit());
            }
            return !processes.isAlive(info.identity());
        }).orElse(true);
        LaunchIdentity.PidEvidence after = LaunchIdentity.evidence(plan, launch); // read again: quit removes R550's pid file
        Optional<Long> named = after.fromPidFile().or(after::fromLog);
        Optional<Long> running = named.filter(processes::exists);
        if (running.isEmpty()) {
            leftovers.removeAfterExit(plan.pipeDirectory(), named.orElse(-1L));
        }
        if (ours.isPresent()) {
            long pid = ours.get().identity().pid();
            return Message.of(gone ? LifecycleMessages.CANCELLED_DAEMON_STOPPED : LifecycleMessages.CANCELLED_DAEMON_LEFT_RUNNING,
                    plan.name(), pid);
        }
        return running.map(pid -> Message.of(LifecycleMessages.CANCELLED_OTHER_LEFT_ALONE, plan.name(), pid))
                .orElseGet(() -> Message.of(LifecycleMessages.CANCELLED_NOT_RUNNING, plan.name()));
    }
}
