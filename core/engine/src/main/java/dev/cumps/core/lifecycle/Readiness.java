package dev.cumps.core.lifecycle;

import dev.cumps.core.exec.CommandResult;
import dev.cumps.core.message.CumpsException;
import dev.cumps.core.message.Message;
import dev.cumps.core.mps.ControlPipe;
import dev.cumps.core.mps.MpsControl;
import dev.cumps.core.mps.RuntimeDirs;
import dev.cumps.core.proc.ProcessTable;
import java.nio.file.Path;
import java.util.Optional;

/**
 * Waits for a launched daemon to come up: first its control socket, then an answer to
 * {@code get_server_list}. Both waits poll with {@link Backoff} under the socket timeout and end
 * early when the daemon has {@linkplain #gaveUp given up}.
 */
final class Readiness {
    private final MpsControl control;
    private final ProcessTable processes;
    private final LifecycleTimeouts timeouts;

    Readiness(MpsControl control, ProcessTable processes, LifecycleTimeouts timeouts) {
        this.control = control;
        this.processes = processes;
        this.timeouts = timeouts;
    }

    /**
     * Waits for the control socket. Throws a {@link CumpsException} saying why when the daemon gave
     * up or no socket appeared in time; ends at once when {@code cancel} is cancelled.
     */
    void awaitSocket(StartPlan plan, Launch launch, StartCancellation cancel) {
        long deadline = System.nanoTime() + timeouts.socket().toNanos();
        Path socket = plan.pipeDirectory().resolve(ControlPipe.CONTROL);
        Backoff backoff = new Backoff(timeouts.poll());
        while (System.nanoTime() < deadline) {
            cancel.check();
            if (ControlPipe.kindOf(socket).isPresent()) {
                return;
            }
            Optional<Message> gaveUp = gaveUp(plan, launch);
            if (gaveUp.isPresent()) {
                throw new CumpsException(gaveUp.get());
            }
            Waits.sleep(backoff.next());
        }
        throw new CumpsException(Message.of(LifecycleText.NO_CONTROL_SOCKET, socket, timeouts.socket().toSeconds()));
    }

    /**
     * Asks {@code get_server_list} until the daemon answers. The socket file exists from the daemon's
     * {@code bind()}; until its {@code listen()} a client cannot connect and says it finds no daemon.
     * That one reply is asked again, with the socket wait's backoff and deadline, while the daemon has
     * not given up; any other reply, a timeout included, is returned at once for the caller to judge.
     * A cancel ends the wait before the next question.
     */
    CommandResult awaitAnswer(StartPlan plan, Launch launch, StartCancellation cancel) {
        long deadline = System.nanoTime() + timeouts.socket().toNanos();
        Backoff backoff = new Backoff(timeouts.poll());
        while (true) {
            cancel.check();
            CommandResult answer = control.ask(plan.pipeDirectory(), plan.logDirectory(), "get_server_list");
            if (!MpsControl.foundNoDaemon(answer) || System.nanoTime() >= deadline || gaveUp(plan, launch).isPresent()) {
                return answer;
            }
            Waits.sleep(backoff.next());
        }
    }

    /**
     * Waits for the evidence of the daemon's pid ({@link LaunchIdentity#evidence}): NVIDIA's daemons
     * (R535 and R550 alike, measured) may answer their first client before the
     * {@code Starting control daemon} line is in {@code control.log}, so one read right after the
     * answer can come too early. Polls with the socket wait's backoff and deadline until a pid is
     * named (or the log and the pid file disagree), the daemon gives up, or a cancel; then returns
     * what there is for the caller to judge.
     */
    LaunchIdentity.PidEvidence awaitPidEvidence(StartPlan plan, Launch launch, StartCancellation cancel) {
        long deadline = System.nanoTime() + timeouts.socket().toNanos();
        Backoff backoff = new Backoff(timeouts.poll());
        while (true) {
            cancel.check();
            LaunchIdentity.PidEvidence evidence = LaunchIdentity.evidence(plan, launch);
            if (evidence.pid().isPresent() || evidence.disagree() || System.nanoTime() >= deadline || gaveUp(plan, launch).isPresent()) {
                return evidence;
            }
            Waits.sleep(backoff.next());
        }
    }

    /**
     * Why a launched daemon is no longer coming up, if it is not: an error line in control.log since
     * the launch, or a daemon pid (from the log or the pid file) naming a process that has exited.
     */
    Optional<Message> gaveUp(StartPlan plan, Launch launch) {
        if (RuntimeDirs.controlLogSince(plan.logDirectory(), launch.logMark()).stream().anyMatch(RuntimeDirs::isErrorLine)) {
            return Optional.of(Message.of(LifecycleText.DAEMON_REPORTED_ERROR));
        }
        return LaunchIdentity.evidence(plan, launch).pid().filter(pid -> !processes.exists(pid))
                .map(pid -> Message.of(LifecycleText.DAEMON_EXITED_EARLY, pid));
    }
}
