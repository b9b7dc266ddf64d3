package dev.cumps.core.selftest;

import dev.cumps.core.message.Message;
import dev.cumps.core.record.DaemonRecord;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * A run's result: the host facts, every step's result in order, the daemons it started, and
 * whether it was interrupted (Ctrl-C, SIGTERM), which never passes.
 */
public record SelftestReport(HostFacts facts, List<StepResult> steps, List<DaemonRecord> started, boolean interrupted) {
    public static final int SCHEMA_VERSION = 1;

    public SelftestReport {
        steps = List.copyOf(steps);
        started = List.copyOf(started);
    }

    /** Passed: not interrupted, every step that ran passed, the clean-up included, and at least one ran. */
    public boolean passed() {
        return !interrupted && steps.stream().anyMatch(StepResult::passed) && failures().isEmpty()
                && steps.stream().anyMatch(s -> s.step() == StepId.CLEANUP);
    }

    public List<StepResult> failures() {
        return steps.stream().filter(s -> s.outcome() == StepResult.Outcome.FAIL).toList();
    }

    public Optional<StepResult> firstFailure() {
        return failures().stream().findFirst();
    }

    private long count(StepResult.Outcome outcome) {
        return steps.stream().filter(s -> s.outcome() == outcome).count();
    }

    /** One line: passed, or where it failed and the counts. */
    public Message verdict() {
        if (passed()) {
            return Message.of(SelftestText.VERDICT_PASS, count(StepResult.Outcome.PASS), count(StepResult.Outcome.SKIP));
        }
        if (interrupted) {
            return Message.of(SelftestText.VERDICT_INTERRUPTED, count(StepResult.Outcome.PASS), count(StepResult.Outcome.FAIL),
                    count(StepResult.Outcome.SKIP));
        }
        String where = firstFailure().map(s -> s.step().id()).orElse(StepId.CLEANUP.id());
        return Message.of(SelftestText.VERDICT_FAIL, where, count(StepResult.Outcome.FAIL), count(StepResult.Outcome.PASS),
                count(StepResult.Outcome.SKIP));
    }

    public Map<String, Object> toJsonMap() {
        Map<String, Object> map = new LinkedHashMap<>();
        map.put("host", facts.toJsonMap());
        map.put("interrupted", interrupted);
        map.put("passed", passed());
        map.put("schema_version", (long) SCHEMA_VERSION);
        List<Object> daemons = new ArrayList<>();
        started.forEach(r -> daemons.add(r.toJsonMap()));
        map.put("started_daemons", daemons);
        List<Object> list = new ArrayList<>();
        steps.forEach(s -> list.add(s.toJsonMap()));
        map.put("steps", list);
        map.put("verdict", verdict().english());
        return map;
    }
}
