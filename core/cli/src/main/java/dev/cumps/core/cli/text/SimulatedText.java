package dev.cumps.core.cli.text;

import dev.cumps.core.json.Json;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/** What the CLI says about the simulated host: the stderr reminder and the {@code reset} report. */
public final class SimulatedText {
    private SimulatedText() {
    }

    /** The stderr reminder after a successful command on the simulated host (JSON output cannot carry a banner). */
    public static String note(Path recordRoot) {
        return "note: SIMULATED host (stand-in NVIDIA tools, records in " + recordRoot + "); no real GPU was touched";
    }

    /** The JSON of {@code cumps --simulate reset}; {@code daemons} as {@code <name>: <result>}. */
    public static String reset(Path sandbox, List<String> daemons) {
        Map<String, Object> report = new LinkedHashMap<>();
        report.put("sandbox", sandbox.toString());
        report.put("removed", true);
        report.put("daemons", daemons);
        return Json.write(report);
    }
}
