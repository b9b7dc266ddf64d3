package dev.cumps.core.selftest;

import dev.cumps.core.lifecycle.StopOutcome;
import dev.cumps.core.message.Message;
import dev.cumps.core.record.DaemonRecord;
import dev.cumps.core.record.NameLock;
import java.util.List;

/**
 * A record whose start time is not the daemon's is never acted on: the record of the running
 * daemon is rewritten with its start time plus one tick, {@code cumps stop} must signal nothing
 * and the daemon must run on with the same pid and start time. The self-test then restores the
 * true record and stops the daemon through it, the path that verifies pid and start time.
 */
final class AlteredRecordStep implements Step {
    @Override
    public StepId id() {
        return StepId.ALTERED_RECORD;
    }

    @Override
    public StepResult run(SelftestServices services, RunState state, List<String> evidence) {
        DaemonRecord record = state.daemon;
        long wrong = record.processStartTicks() + 1;
        DaemonRecord altered = new DaemonRecord(record.name(), record.uid(), record.host(), record.topologyMode(), record.gpuUuids(),
                record.pipeDirectory(), record.logDirectory(), record.pid(), wrong, record.createdAt(), record.limits());
        try (NameLock lock = services.store().locks().lock(record.name())) {
            services.store().replace(altered);
        }
        evidence.add("rewrote " + services.store().recordFile(record.name()) + " with process_start_ticks " + wrong
                + " (the daemon's is " + record.processStartTicks() + ")");
        StopOutcome outcome = SelftestDaemon.stop(services, record.name(), evidence);
        boolean alive = services.processes().isAlive(record.identity());
        evidence.add("pid " + record.pid() + ": " + (alive ? "still running with start time " + record.processStartTicks() : "gone"));
        if (!alive || outcome.stopped()) {
            return StepResult.fail(id(), Message.of(SelftestMessages.ALTERED_SIGNALLED, wrong, record.pid(), record.processStartTicks()),
                    evidence);
        }
        SelftestDaemon.restore(services.store(), record, evidence);
        StopOutcome stop = SelftestDaemon.stop(services, record.name(), evidence);
        if (!stop.stopped()) {
            return StepResult.fail(id(), Message.of(SelftestMessages.ALTERED_CLEANUP_FAILED, stop.message()), evidence);
        }
        List<Message> left = SelftestDaemon.leftovers(services, record, List.of(), evidence);
        if (!left.isEmpty()) {
            return StepResult.fail(id(), Message.of(SelftestMessages.LEFT_OVER, SelftestDaemon.joined(left)), evidence);
        }
        state.daemon = null;
        return StepResult.pass(id(), Message.of(SelftestMessages.ALTERED_PASS, wrong, record.pid(), record.processStartTicks()), evidence);
    }
}
