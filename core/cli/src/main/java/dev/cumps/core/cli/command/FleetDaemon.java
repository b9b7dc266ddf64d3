package dev.cumps.core.cli.command;

import dev.cumps.core.fleet.Destination;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;

/**
 * {@code HOST --name N} of the {@code fleet} commands that act on one daemon of one host ({@code stop},
 * {@code limits}), mixed in: the host as {@link FleetHost} checks it, and the daemon's name, required, checked by
 * the local rules when the remote command is built ({@code RemoteCommand}), also before ssh runs.
 */
final class FleetDaemon {
    @Mixin
    FleetHost host;

    @Option(names = "--name", paramLabel = "N", required = true, description = "Daemon name on that host.")
    String name;

    /** The destination, or an error saying what a valid one looks like. */
    Destination destination() {
        return host.destination();
    }
}
