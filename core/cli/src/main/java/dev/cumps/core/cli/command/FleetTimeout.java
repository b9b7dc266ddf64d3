package dev.cumps.core.cli.command;

import java.time.Duration;

/**
 * {@code --timeout S} of every {@code fleet} command: the seconds a host has to answer, 1 to 600. The option and
 * each command's default are rows of the grammar table (15 for {@code fleet status}, whose hosts are read in
 * parallel; 60 for a command on one host), so the help, the reference and the man page show each command's own.
 */
final class FleetTimeout {
    static final String NAME = "--timeout";
    static final int MAX_SECONDS = 600;

    private FleetTimeout() {
    }

    /**
     * The deadline of {@code seconds} (as picocli took it for an {@code int}: typed, else the row's default), or a
     * usage error of {@code command} for seconds outside 1 to {@value #MAX_SECONDS}.
     */
    static Duration deadline(Object command, String seconds) {
        int value = Integer.parseInt(seconds);
        if (value < 1 || value > MAX_SECONDS) {
            throw UsageError.of(command, NAME + " expects seconds from 1 to " + MAX_SECONDS + ", got " + value);
        }
        return Duration.ofSeconds(value);
    }
}
