package dev.cumps.core.cli.command;

import dev.cumps.core.fleet.Destination;
import picocli.CommandLine.Parameters;

/**
 * The {@code HOST} of every {@code fleet} command on one host ({@code start}, {@code stop}, {@code limits},
 * {@code doctor}), mixed in: one ssh destination, checked by {@link Destination#of} before ssh runs.
 */
final class FleetHost {
    @Parameters(paramLabel = "HOST", description = "A host (ssh destination).")
    String host;

    /** The destination, or an error saying what a valid one looks like. */
    Destination destination() {
        return Destination.of(host);
    }
}
