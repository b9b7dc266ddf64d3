package dev.cumps.e2e;


import com.fasterxml.jackson.databind.JsonNode;
import dev.cumps.core.testing.Golden;
import dev.cumps.e2e.CumpsHarness.Run;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;

/**
 * The real {@code cumps --simulate} output of a whole cycle (status, start, env, doctor, stop,
 * stop --all, reset; text and JSON, stdout, stderr and exit status) compared with
 * {@code src/test/resources/cli-golden/simulated.txt}. What varies between runs is normalised: the
 * test folder, the user id, the daemons' pids, start ticks and creation times, and in the text
 * tables the width of the padding between columns (the exact padding is proven byte for byte by
 * core's {@code CliGoldenTest}).
 *
 * <p>After an intended change of output, regenerate with {@code -Dcumps.golden.update=true} and review the diff.
 */
@ExtendWith(CumpsExtension.class)
class SimulateGoldenE2eTest {
    private static final String RESOURCE = "cli-golden/simulated.txt";

    private final List<String> runs = new ArrayList<>();
    private final List<String> variable = new ArrayList<>();

    @Test
    void aSimulatedCyclePrintsWhatItAlwaysPrinted(CumpsHarness h) {
        Map<String, String> plain = Map.of("PATH", "/usr/bin:/bin");
        record(h.cumps(plain, "--simulate", "status"), true);
        Run started = h.cumps(plain, "--simulate", "start", "--gpus", "0", "--name", "sim").assertOk();
        remember(started.json());
        record(started, false);
        record(h.cumps(plain, "--simulate", "status"), true);
        record(h.cumps(plain, "--simulate", "status", "--json"), false);
        record(h.cumps(plain, "--simulate", "env"), false);
        record(h.cumps(plain, "--simulate", "env", "--json"), false);
        record(h.cumps(plain, "--simulate", "doctor", "--gpus", "0"), true);
        record(h.cumps(plain, "--simulate", "doctor", "--gpus", "1", "--json"), false);
        record(h.cumps(plain, "--simulate", "stop", "--name", "nope"), false);
        record(h.cumps(plain, "--simulate", "stop"), false);
        Run second = h.cumps(plain, "--simulate", "start", "--gpus", "1", "--name", "sim2").assertOk();
        remember(second.json());
        record(second, false);
        record(h.cumps(plain, "--simulate", "stop", "--all"), false);
        record(h.cumps(plain, "--simulate", "reset"), false);
        record(h.cumps(plain, "reset"), false);

        String actual = normalised(h, String.join("\n", runs));
        Golden.assertMatches(SimulateGoldenE2eTest.class, RESOURCE, actual, "the simulated cycle's output");
    }

    /** A started daemon's pid and start ticks vary from run to run. */
    private void remember(JsonNode record) {
        variable.add(record.get("pid").asText());
        variable.add(record.get("process_start_ticks").asText());
    }

    private void record(Run run, boolean table) {
        String text = "$ cumps " + String.join(" ", run.args()) + "\nexit " + run.exitCode() + "\n--- stdout\n" + run.stdout()
                + "--- stderr\n" + run.stderr();
        runs.add(table ? text.replaceAll("(?m)(\\S)  +", "$1  ").replaceAll("(?m) +$", "") : text);
    }

    private String normalised(CumpsHarness h, String text) {
        String s = text.replace(h.root.toString(), "<ROOT>").replace("-" + h.uid + "/", "-<UID>/").replaceAll("-" + h.uid + "\\b", "-<UID>")
                .replaceAll("\"(owner_)?uid\": " + h.uid + "\\b", "\"$1uid\": \"<UID>\"")
                .replaceAll("\\d{4}-\\d\\d-\\d\\dT\\d\\d:\\d\\d:\\d\\d(\\.\\d+)?Z", "<TIME>")
                .replaceAll("\"created_at\": [0-9.]+", "\"created_at\": <CREATED>").replaceAll("\"host\": \"[^\"]*\"", "\"host\": \"<HOST>\"");
        for (int i = 0; i < variable.size(); i++) {
            String label = (i % 2 == 0 ? "<PID" : "<TICKS") + (i / 2) + ">";
            s = s.replaceAll("(?<![\\d.])" + variable.get(i) + "(?![\\d.])", label);
        }
        return s;
    }

}
