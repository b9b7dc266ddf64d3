package dev.cumps.core.exec;

import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.Objects;

/**
 * One run of an external program: the argument vector, the complete child environment (nothing is
 * inherited implicitly), optional text for standard input, and a timeout.
 */
public record CommandSpec(List<String> argv, Map<String, String> environment, String stdin, Duration timeout) {
    public CommandSpec {
        argv = List.copyOf(argv);
        environment = Map.copyOf(environment);
        Objects.requireNonNull(timeout, "timeout");
        if (argv.isEmpty()) {
            throw new IllegalArgumentException("argv must name a program");
        }
    }

    public String program() {
        return argv.get(0);
    }

    public String display() {
        return String.join(" ", argv);
    }
}
