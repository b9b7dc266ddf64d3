package dev.cumps.core.lifecycle;

import java.nio.file.Path;
import java.util.Optional;

/** What the operator asked to start; every field may be left to its default. */
public record StartRequest(Optional<String> gpus, Optional<String> name, Optional<Path> pipeDirectory,
                           Optional<Path> logDirectory) {
    public static StartRequest defaults() {
        return new StartRequest(Optional.empty(), Optional.empty(), Optional.empty(), Optional.empty());
    }
}
