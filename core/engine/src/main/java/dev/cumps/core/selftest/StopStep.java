package dev.cumps.core.selftest;

import dev.cumps.core.lifecycle.StopOutcome;
import dev.cumps.core.message.Message;
import dev.cumps.core.record.DaemonRecord;
import java.util.List;

/** {@code cumps stop --name NAME}: the daemon and its servers gone, no socket or pid file in its pipe directory, no record. */
final class StopStep implements Step {
    @Override
    public StepId id() {
        return StepId.STOP;
    }

    @Override
    public StepResult run(SelftestServices services, RunState state, List<String> evidence) {
        DaemonRecord record = state.daemon;
        StopOutcome outcome = SelftestDaemon.stop(services, record.name(), evidence);
        if (!outcome.stopped()) {
            return StepResult.fail(id(), Message.of(SelftestMessages.STOP_FAILED, record.name(), outcome.message()), evidence);
        }
        List<Message> left = SelftestDaemon.leftovers(services, record, state.servers, evidence);
        if (!left.isEmpty()) {
            return StepResult.fail(id(), Message.of(SelftestMessages.LEFT_OVER, SelftestDaemon.joined(left)), evidence);
        }
        state.daemon = null;
        return StepResult.pass(id(), Message.of(SelftestMessages.STOP_PASS, record.pid(), record.pipeDirectory(), record.name()), evidence);
    }
}
