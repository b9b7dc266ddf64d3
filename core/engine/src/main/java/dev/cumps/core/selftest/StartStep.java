package dev.cumps.core.selftest;

import dev.cumps.core.message.Message;
import dev.cumps.core.mps.ControlPipe;
import dev.cumps.core.record.DaemonRecord;
import java.util.List;
import java.util.Optional;

/** {@code cumps start} of the throwaway daemon: recorded, running with the recorded start time, its control socket present. */
final class StartStep implements Step {
    @Override
    public StepId id() {
        return StepId.START;
    }

    @Override
    public StepResult run(Seams seams, RunState state, List<String> evidence) {
        DaemonRecord record = Daemons.start(seams, state, evidence);
        state.daemon = record;
        boolean alive = seams.processes().isAlive(record.identity());
        evidence.add("/proc/" + record.pid() + ": " + (alive ? "running with start time " + record.processStartTicks() : "no such process"));
        Optional<ControlPipe> pipe = ControlPipe.in(record.pipeDirectory());
        evidence.add("control pipe: " + pipe.map(p -> p.path() + " (" + p.kind().id() + ")").orElse("none in " + record.pipeDirectory()));
        if (!alive || pipe.isEmpty()) {
            return StepResult.fail(id(), Message.of(SelftestText.START_NOT_LIVE, record.name(), record.pid(),
                    record.processStartTicks()), evidence);
        }
        return StepResult.pass(id(), Message.of(SelftestText.START_PASS, record.name(), record.pid(), record.processStartTicks(),
                record.pipeDirectory()), evidence);
    }
}
