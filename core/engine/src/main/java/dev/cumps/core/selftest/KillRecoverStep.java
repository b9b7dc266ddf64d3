package dev.cumps.core.selftest;

import dev.cumps.core.message.Message;
import dev.cumps.core.proc.ProcessIdentity;
import dev.cumps.core.record.DaemonRecord;
import dev.cumps.core.record.Liveness;
import dev.cumps.core.record.ManagedDaemon;
import java.util.List;
import java.util.Locale;

/**
 * The crash drill: start a fresh daemon, SIGKILL it (pid and start time verified right before, by
 * the process table), see its record read stale, and start again under the same name: the stale
 * record and the dead daemon's leftovers must not stand in the way.
 */
final class KillRecoverStep implements Step {
    @Override
    public StepId id() {
        return StepId.KILL_RECOVER;
    }

    @Override
    public StepResult run(SelftestServices services, RunState state, List<String> evidence) {
        DaemonRecord first = SelftestDaemon.start(services, state, evidence);
        state.daemon = first;
        ProcessIdentity identity = first.identity();
        boolean sent = services.processes().forceKill(identity);
        evidence.add("kill -9 " + identity.pid() + " (start time " + identity.startTicks() + " verified first): "
                + (sent ? "sent" : "not sent"));
        if (!sent) {
            return StepResult.fail(id(), Message.of(SelftestMessages.KILL_NOT_SENT, identity.pid(), identity.startTicks()), evidence);
        }
        if (!SelftestDaemon.await(services, () -> !services.processes().isAlive(identity))) {
            return StepResult.fail(id(), Message.of(SelftestMessages.KILL_STILL_ALIVE, identity.pid(), services.gone().toSeconds()), evidence);
        }
        evidence.add("pid " + identity.pid() + " start " + identity.startTicks() + ": gone");
        ManagedDaemon assessed = new Liveness(services.processes()).assess(first);
        evidence.add("record " + first.name() + " now reads " + assessed.state().name().toLowerCase(Locale.ROOT));
        if (assessed.live()) {
            return StepResult.fail(id(), Message.of(SelftestMessages.KILL_NOT_STALE, first.name(), assessed.stateMessage()), evidence);
        }
        DaemonRecord second = SelftestDaemon.start(services, state, evidence);
        state.daemon = second;
        boolean alive = services.processes().isAlive(second.identity());
        evidence.add("/proc/" + second.pid() + ": " + (alive ? "running with start time " + second.processStartTicks() : "no such process"));
        if (!alive) {
            return StepResult.fail(id(), Message.of(SelftestMessages.START_NOT_LIVE, second.name(), second.pid(),
                    second.processStartTicks()), evidence);
        }
        return StepResult.pass(id(), Message.of(SelftestMessages.KILL_PASS, identity.pid(), second.pid(), second.processStartTicks()),
                evidence);
    }
}
