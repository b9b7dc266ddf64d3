package dev.cumps.core.cli.text;

import dev.cumps.core.json.Json;
import dev.cumps.core.lifecycle.StopOutcome;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * {@code cumps stop} output: JSON on stdout ({@code stopped}, and with {@code --all} every
 * {@code outcomes} entry), and one {@code error: ...} line on stderr per failure.
 */
public final class StopText {
    private StopText() {
    }

    /** The JSON for one daemon that was stopped. */
    public static String stopped(StopOutcome outcome) {
        Map<String, Object> report = new LinkedHashMap<>();
        report.put("stopped", List.of(outcome.record().orElseThrow().toJsonMap()));
        return Json.write(report);
    }

    /** The JSON for {@code stop --all}: the records stopped, then what happened to each record. */
    public static String all(List<StopOutcome> outcomes) {
        Map<String, Object> report = new LinkedHashMap<>();
        report.put("stopped", outcomes.stream().filter(StopOutcome::stopped).map(o -> o.record().orElseThrow().toJsonMap()).toList());
        report.put("outcomes", outcomes.stream().map(StopText::outcomeJson).toList());
        return Json.write(report);
    }

    /** The error lines for the outcomes that failed, in order. */
    public static List<String> failures(List<StopOutcome> outcomes) {
        return outcomes.stream().filter(o -> o.result() == StopOutcome.Result.FAILED).map(StopText::error).toList();
    }

    /** {@code error: <why>} for an outcome that is not a stop. */
    public static String error(StopOutcome outcome) {
        return OneLine.error(outcome.message());
    }

    static Map<String, Object> outcomeJson(StopOutcome o) {
        Map<String, Object> m = new LinkedHashMap<>();
        m.put("name", o.name());
        m.put("result", o.result().id());
        m.put("message", o.message());
        return m;
    }
}
