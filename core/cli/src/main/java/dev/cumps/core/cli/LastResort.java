package dev.cumps.core.cli;

import dev.cumps.core.cli.text.OneLine;

/**
 * The one-line answer for a failure nothing else handled: an unexpected runtime exception, an
 * {@link OutOfMemoryError}, a {@link StackOverflowError}. It still names the cause, and no stack
 * trace is ever printed (the trace goes to the {@link System.Logger} at DEBUG level).
 */
final class LastResort {
    private LastResort() {
    }

    /** {@code error: <what> (<ExceptionClass>: <message>)}. */
    static String line(String what, Throwable failure) {
        String message = failure.getMessage() == null ? "" : ": " + OneLine.of(failure.getMessage().strip().replaceAll("\\s*\\R\\s*", " "));
        return "error: " + what + " (" + failure.getClass().getSimpleName() + message + ")";
    }

    /** The line for a failure in a command; {@code command} as the user typed it, e.g. {@code cumps status}. */
    static String unexpected(String command, Throwable failure) {
        String what = failure instanceof OutOfMemoryError
                ? command + " ran out of memory; please report this"
                : failure instanceof StackOverflowError
                        ? command + " ran out of stack; please report this"
                        : command + " failed unexpectedly; please report this";
        return line(what, failure);
    }

    /** Logs the trace for whoever turned DEBUG logging on; never lets logging itself fail the exit. */
    static void log(Throwable failure) {
        try {
            System.getLogger(Cli.class.getName()).log(System.Logger.Level.DEBUG, "unexpected failure", failure);
        } catch (Throwable ignored) {
            // Out of memory again, or a broken logger: the one line is what matters.
        }
    }
}
