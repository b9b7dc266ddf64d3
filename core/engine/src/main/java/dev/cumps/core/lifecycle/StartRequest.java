package dev.cumps.core.lifecycle;

import dev.cumps.core.mps.MpsLimits;
import java.nio.file.Path;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;

/**
 * What the operator asked to start; every field may be left to its default.
 *
 * @param environment variables the operator asked to pass to the daemon ({@code start --env NAME=VALUE});
 *                    nothing else from the caller's environment reaches it beyond the allowlist
 *                    in {@link dev.cumps.core.mps.MpsControl#daemonEnvironment}
 * @param limits      MPS limits to apply right after the daemon answers and to record
 *                    ({@code start --active-thread-percentage P --pinned-mem-limit SIZE}); {@link MpsLimits#NONE} for none
 */
public record StartRequest(Optional<String> gpus, Optional<String> name, Optional<Path> pipeDirectory,
                           Optional<Path> logDirectory, Map<String, String> environment, MpsLimits limits) {
    public StartRequest {
        environment = Collections.unmodifiableMap(new LinkedHashMap<>(environment));
        Objects.requireNonNull(limits, "limits");
    }

    public StartRequest(Optional<String> gpus, Optional<String> name, Optional<Path> pipeDirectory, Optional<Path> logDirectory,
                        Map<String, String> environment) {
        this(gpus, name, pipeDirectory, logDirectory, environment, MpsLimits.NONE);
    }

    public StartRequest(Optional<String> gpus, Optional<String> name, Optional<Path> pipeDirectory, Optional<Path> logDirectory) {
        this(gpus, name, pipeDirectory, logDirectory, Map.of());
    }

    public static StartRequest defaults() {
        return new StartRequest(Optional.empty(), Optional.empty(), Optional.empty(), Optional.empty());
    }
}
