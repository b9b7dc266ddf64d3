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
    public StepResult run(Seams seams, RunState state, List<String> evidence) {
        DaemonRecord record = state.daemon;
        StopOutcome outcome = Daemons.stop(seams, record.name(), evidence);
        if (!outcome.stopped()) {
            return StepResult.fail(id(), Message.of(SelftestText.STOP_FAILED, record.name(), outcome.message()), evidence);
        }
        List<Message> left = Daemons.leftovers(seams, record, state.servers, evidence);
        if (!left.isEmpty()) {
            return StepResult.fail(id(), Message.of(SelftestText.LEFT_OVER, Daemons.joined(left)), evidence);
        }
        state.daemon = null;
        return StepResult.pass(id(), Message.of(SelftestText.STOP_PASS, record.pid(), record.pipeDirectory(), record.name()), evidence);
    }
}
