package dev.cumps.core.selftest;

import dev.cumps.core.exec.CommandResult;
import dev.cumps.core.exec.CommandRunner;
import dev.cumps.core.exec.CommandSpec;
import dev.cumps.core.gpu.Gpu;
import dev.cumps.core.host.HostEnvironment;
import java.time.Duration;
import java.time.Instant;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/** The host a report speaks for: name, kernel, driver, the GPU tested, the cumps version, when, and whether it was simulated. */
public record HostFacts(String hostname, String kernel, String driver, String gpu, String cumpsVersion, Instant started,
                        boolean simulated) {
    private static final Duration UNAME_TIMEOUT = Duration.ofSeconds(5);

    /** The facts known before any step: the GPU and driver are filled in by {@link #withGpu}. */
    static HostFacts of(HostEnvironment host, CommandRunner runner, String version, Instant started, boolean simulated) {
        CommandResult uname = runner.run(new CommandSpec(List.of("uname", "-srm"), host.childEnvironment(), "", UNAME_TIMEOUT));
        String kernel = uname.succeeded() ? uname.stdout().strip() : "unknown (" + uname.describeFailure() + ")";
        return new HostFacts(host.hostname(), kernel, "unknown", "unknown", version, started, simulated);
    }

    /** These facts with the GPU the status step resolved, and its driver. */
    HostFacts withGpu(Gpu gpu) {
        return new HostFacts(hostname, kernel, gpu.driverVersion().orElse("unknown"),
                "GPU " + gpu.index() + ": " + gpu.name() + " (" + gpu.uuid().value() + ")", cumpsVersion, started, simulated);
    }

    public Map<String, Object> toJsonMap() {
        Map<String, Object> map = new LinkedHashMap<>();
        map.put("cumps_version", cumpsVersion);
        map.put("driver_version", driver);
        map.put("gpu", gpu);
        map.put("host", hostname);
        map.put("kernel", kernel);
        map.put("simulated", simulated);
        map.put("started", started.toString());
        return map;
    }
}
