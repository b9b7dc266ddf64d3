package dev.cumps.core.selftest;

import dev.cumps.core.message.Message;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * What one step found: its outcome, one line saying why, and the raw evidence it observed (the
 * commands run and their replies, pids and start times, paths), in the order it saw them.
 */
public record StepResult(StepId step, Outcome outcome, Message summary, List<String> evidence) {
    public StepResult {
        evidence = List.copyOf(evidence);
    }

    public enum Outcome { PASS, FAIL, SKIP }

    public static StepResult pass(StepId step, Message summary, List<String> evidence) {
        return new StepResult(step, Outcome.PASS, summary, evidence);
    }

    public static StepResult fail(StepId step, Message summary, List<String> evidence) {
        return new StepResult(step, Outcome.FAIL, summary, evidence);
    }

    public static StepResult skip(StepId step, Message summary, List<String> evidence) {
        return new StepResult(step, Outcome.SKIP, summary, evidence);
    }

    public boolean passed() {
        return outcome == Outcome.PASS;
    }

    public Map<String, Object> toJsonMap() {
        Map<String, Object> map = new LinkedHashMap<>();
        map.put("evidence", evidence);
        map.put("id", step.id());
        map.put("outcome", outcome.name().toLowerCase(Locale.ROOT));
        map.put("summary", summary.english());
        map.put("title", step.title().english());
        return map;
    }
}
