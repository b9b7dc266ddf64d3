package dev.cumps.core.exec;

/** The one way core runs an external program. Implementations never throw for a failed run. */
@FunctionalInterface
public interface CommandRunner {
    CommandResult run(CommandSpec spec);
}
