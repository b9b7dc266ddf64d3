package dev.cumps.core.exec;

import dev.cumps.core.message.Message;

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

    /** A one-line account of a run that did not succeed, for diagnostics, in English. */
    public String describeFailure() {
        return failureText().english();
    }

    /** A one-line account of a run that did not succeed, as a message; program output stays raw. */
    public Message failureText() {
        return switch (outcome) {
            case NOT_FOUND -> Message.of(ExecText.NOT_FOUND, program);
            case TIMED_OUT -> Message.of(ExecText.TIMED_OUT, program);
            case FAILED_TO_START -> Message.of(ExecText.FAILED_TO_START, program, firstLine(stderr));
            case EXITED -> {
                String detail = firstLine(stderr.isBlank() ? stdout : stderr);
                yield detail.isEmpty() ? Message.of(ExecText.EXITED, program, exitCode)
                        : Message.of(ExecText.EXITED_WITH_DETAIL, program, exitCode, detail);
            }
        };
    }

    static String firstLine(String text) {
        return text.strip().lines().findFirst().orElse("").strip();
    }
}
