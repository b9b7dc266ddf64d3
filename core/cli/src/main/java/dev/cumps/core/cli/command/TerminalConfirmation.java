package dev.cumps.core.cli.command;

import java.io.Console;
import java.util.Optional;

/**
 * {@link Confirmation#terminal()}: asks on {@link System#console()}, empty without one. A class, not a lambda: every
 * {@code cumps} run creates one before its command starts, and the run's first lambda costs the JVM a method-handle
 * class spun at run time, which is then paid before {@code status} starts its GPU query (docs/performance.md, round nine).
 */
final class TerminalConfirmation implements Confirmation {
    @Override
    public Optional<Boolean> ask(String question) {
        Console console = System.console();
        if (console == null) {
            return Optional.empty();
        }
        String line = console.readLine("%s", question);
        return Optional.of(Confirmation.yes(line));
    }
}
