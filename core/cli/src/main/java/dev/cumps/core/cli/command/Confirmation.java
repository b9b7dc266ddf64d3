package dev.cumps.core.cli.command;

import java.util.Locale;
import java.util.Optional;

/**
 * Asks the person at the terminal a yes/no question ({@code doctor --fix} before it changes
 * anything). Empty when there is no terminal to ask on (stdin or stdout redirected): the command
 * then refuses instead of reading an answer from a pipe. Tests pass their own.
 */
@FunctionalInterface
public interface Confirmation {
    /** The answer to {@code question} ({@code y} or {@code yes} is yes; anything else, or end of input, no); empty without a terminal. */
    Optional<Boolean> ask(String question);

    /** The process's terminal ({@link System#console()}, present only when stdin and stdout are a terminal). */
    static Confirmation terminal() {
        return new TerminalConfirmation();
    }

    /** Whether a typed answer means yes. */
    static boolean yes(String line) {
        String answer = line == null ? "" : line.strip().toLowerCase(Locale.ROOT);
        return answer.equals("y") || answer.equals("yes");
    }
}
