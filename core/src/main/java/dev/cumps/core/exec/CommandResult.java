package dev.cumps.core.exec;

/**
 * What happened to one external program run. {@link Outcome#NOT_FOUND} and {@link Outcome#TIMED_OUT}
 * carry no meaningful exit code.
 */
public record CommandResult(Outcome outcome, int exitCode, String stdout, String stderr, String program) {
    public enum Outcome { EXITED, TIMED_OUT, NOT_FOUND, FAILED_TO_START }

    public static CommandResult exited(String program, int exitCode, String stdout, String stderr) {
        return new CommandResult(Outcome.EXITED, exitCode, stdout, stderr, program);
    }

    public static CommandResult notFound(String program) {
        return new CommandResult(Outcome.NOT_FOUND, -1, "", "", program);
    }

    public static CommandResult timedOut(String program, String stdout, String stderr) {
        return new CommandResult(Outcome.TIMED_OUT, -1, stdout, stderr, program);
    }

    public static CommandResult failedToStart(String program, String reason) {
        return new CommandResult(Outcome.FAILED_TO_START, -1, "", reason, program);
    }

    public boolean succeeded() {
        return outcome == Outcome.EXITED && exitCode == 0;
    }

    /** A one-line account of a run that did not succeed, for diagnostics. */
    public String describeFailure() {
        return switch (outcome) {
            case NOT_FOUND -> program + " was not found on PATH";
            case TIMED_OUT -> program + " did not answer in time and was stopped";
            case FAILED_TO_START -> program + " could not be started: " + firstLine(stderr);
            case EXITED -> {
                String detail = firstLine(stderr.isBlank() ? stdout : stderr);
                yield program + " exited with status " + exitCode + (detail.isEmpty() ? "" : ": " + detail);
            }
        };
    }

    static String firstLine(String text) {
        return text.strip().lines().findFirst().orElse("").strip();
    }
}
