package dev.cumps.core.exec;

import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.Objects;

/**
 * One run of an external program: the argument vector, the complete child environment (nothing is
 * inherited implicitly), optional text for standard input, a timeout, and the most bytes of each of
 * its standard output and error that are kept (the rest is read and dropped, so the child never blocks).
 */
public record CommandSpec(List<String> argv, Map<String, String> environment, String stdin, Duration timeout, int outputLimit) {
    /** What is kept of a program's output unless a caller asks for less. */
    public static final int DEFAULT_OUTPUT_LIMIT = 1 << 20;

    public CommandSpec {
        argv = List.copyOf(argv);
        environment = Map.copyOf(environment);
        Objects.requireNonNull(timeout, "timeout");
        if (argv.isEmpty()) {
            throw new IllegalArgumentException("argv must name a program");
        }
        if (outputLimit < 0) {
            throw new IllegalArgumentException("outputLimit must not be negative");
        }
    }

    /** A run keeping up to {@link #DEFAULT_OUTPUT_LIMIT} bytes of each output. */
    public CommandSpec(List<String> argv, Map<String, String> environment, String stdin, Duration timeout) {
        this(argv, environment, stdin, timeout, DEFAULT_OUTPUT_LIMIT);
    }

    public String program() {
        return argv.get(0);
    }

    public String display() {
        return String.join(" ", argv);
    }
}
