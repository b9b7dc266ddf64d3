package dev.cumps.core.cli.command;

import dev.cumps.core.CoreServices;
import dev.cumps.core.host.HostEnvironment;
import dev.cumps.sim.Simulation;
import java.io.PrintWriter;
import java.util.Optional;
import java.util.function.Function;

/**
 * What every command is given: the caller's host, stdout and stderr, and the core services,
 * wired once per run from the global options (real, or the simulated host through
 * {@link Simulation}, the one place the simulator is reached).
 */
public final class CommandContext {
    private final HostEnvironment host;
    private final PrintWriter out;
    private final PrintWriter err;
    private final Function<Globals, CoreServices> servicesFactory;
    private final Confirmation confirmation;
    private CoreServices services;

    /** {@code servicesFactory} null means the real services for the globals given; tests wire fakes. */
    public CommandContext(HostEnvironment host, PrintWriter out, PrintWriter err, Function<Globals, CoreServices> servicesFactory) {
        this(host, out, err, servicesFactory, Confirmation.terminal());
    }

    /** With how a command asks before it changes something ({@code doctor --fix}); the terminal by default. */
    public CommandContext(HostEnvironment host, PrintWriter out, PrintWriter err, Function<Globals, CoreServices> servicesFactory,
                          Confirmation confirmation) {
        this.host = host;
        this.out = out;
        this.err = err;
        // Null stays null, not this::realServices: no lambda before a command starts its work (docs/performance.md, round nine).
        this.servicesFactory = servicesFactory;
        this.confirmation = confirmation;
    }

    /** How to ask the user before changing something. */
    public Confirmation confirmation() {
        return confirmation;
    }

    public HostEnvironment host() {
        return host;
    }

    public PrintWriter out() {
        return out;
    }

    public PrintWriter err() {
        return err;
    }

    /** The services for these globals, created on first use and then kept for the run. */
    CoreServices services(Globals globals) {
        if (services == null) {
            services = servicesFactory != null ? servicesFactory.apply(globals) : realServices(globals);
        }
        return services;
    }

    /** The services if a command created them (a run that only printed help never does). */
    public Optional<CoreServices> servicesIfCreated() {
        return Optional.ofNullable(services);
    }

    private CoreServices realServices(Globals globals) {
        if (globals.simulate()) {
            return Simulation.cliSandbox(host).services(globals.records());
        }
        return CoreServices.real(host, globals.records(), false);
    }
}
