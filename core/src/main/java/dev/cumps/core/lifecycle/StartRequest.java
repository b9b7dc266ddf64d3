package dev.cumps.core.lifecycle;

import java.nio.file.Path;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Optional;

/**
 * What the operator asked to start; every field may be left to its default.
 *
 * @param environment variables the operator asked to pass to the daemon ({@code start --env NAME=VALUE});
 *                    nothing else from the caller's environment reaches it beyond the allowlist
 *                    in {@link dev.cumps.core.mps.MpsControl#daemonEnvironment}
 */
public record StartRequest(Optional<String> gpus, Optional<String> name, Optional<Path> pipeDirectory,
                           Optional<Path> logDirectory, Map<String, String> environment) {
    public StartRequest {
        environment = Collections.unmodifiableMap(new LinkedHashMap<>(environment));
    }

    public StartRequest(Optional<String> gpus, Optional<String> name, Optional<Path> pipeDirectory, Optional<Path> logDirectory) {
        this(gpus, name, pipeDirectory, logDirectory, Map.of());
    }

    public static StartRequest defaults() {
        return new StartRequest(Optional.empty(), Optional.empty(), Optional.empty(), Optional.empty());
    }
}
