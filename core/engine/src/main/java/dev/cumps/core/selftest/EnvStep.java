package dev.cumps.core.selftest;

import dev.cumps.core.env.LaunchEnvironment;
import dev.cumps.core.message.Message;
import dev.cumps.core.record.DaemonRecord;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/** {@code cumps env --name NAME}: the block a launcher exports, naming exactly the record's GPU and directories. */
final class EnvStep implements Step {
    @Override
    public StepId id() {
        return StepId.ENV;
    }

    @Override
    public StepResult run(Seams seams, RunState state, List<String> evidence) {
        DaemonRecord record = state.daemon;
        LaunchEnvironment env = seams.env().launchEnvironment(Optional.of(record.name()));
        evidence.add("cumps env --name " + record.name() + ":\n" + env.posix().strip());
        Map<String, String> expected = new LinkedHashMap<>();
        expected.put("CUDA_VISIBLE_DEVICES", String.join(",", record.gpuUuids()));
        expected.put("CUDA_MPS_PIPE_DIRECTORY", record.pipeDirectory().toString());
        expected.put("CUDA_MPS_LOG_DIRECTORY", record.logDirectory().toString());
        for (Map.Entry<String, String> e : expected.entrySet()) {
            String actual = env.variables().get(e.getKey());
            if (!e.getValue().equals(actual)) {
                return StepResult.fail(id(), Message.of(SelftestText.ENV_MISMATCH, e.getKey(), actual, e.getValue()), evidence);
            }
        }
        state.launch = env;
        return StepResult.pass(id(), Message.of(SelftestText.ENV_PASS, record.firstGpu(), record.pipeDirectory(),
                record.logDirectory()), evidence);
    }
}
