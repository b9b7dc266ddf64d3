package dev.cumps.core.cli.command;

import picocli.CommandLine;

/**
 * A usage error a command finds after parsing (exit 2, {@code error: ...} with the usage hint): picocli's
 * {@link CommandLine.ParameterException}, built here and typed {@link RuntimeException} for its callers.
 *
 * <p>Why not {@code throw new CommandLine.ParameterException(...)} in the command: picocli's class files are
 * Java 5 (version 49), which class-data sharing does not archive. A command class that names the exception in
 * its code makes the JVM load it, and its superclass, from the jar when it links that class, on every run,
 * opening the jar for two classes the run never uses. Kept here, they load only when a usage error happens.
 */
final class UsageError {
    private UsageError() {
    }

    /** The error of {@code command} (a picocli command object) with {@code message}. */
    static RuntimeException of(Object command, String message) {
        return of(new CommandLine(command), message);
    }

    /** The error of the command {@code line} parsed, with {@code message}. */
    static RuntimeException of(CommandLine line, String message) {
        return new CommandLine.ParameterException(line, message);
    }
}
