package dev.cumps.core.cli;

import dev.cumps.core.CoreServices;
import dev.cumps.core.cli.command.AttachClientCommand;
import dev.cumps.core.cli.command.ClientsCommand;
import dev.cumps.core.cli.command.CommandContext;
import dev.cumps.core.cli.command.CompletionCommand;
import dev.cumps.core.cli.command.Confirmation;
import dev.cumps.core.cli.command.DoctorCommand;
import dev.cumps.core.cli.command.EnvCommand;
import dev.cumps.core.cli.command.ExitCode;
import dev.cumps.core.cli.command.FleetCommand;
import dev.cumps.core.cli.command.Globals;
import dev.cumps.core.cli.command.HostsCommand;
import dev.cumps.core.cli.command.LimitsCommand;
import dev.cumps.core.cli.command.MetricsCommand;
import dev.cumps.core.cli.command.ReferenceCommand;
import dev.cumps.core.cli.command.ResetCommand;
import dev.cumps.core.cli.command.RootCommand;
import dev.cumps.core.cli.command.SelftestCommand;
import dev.cumps.core.cli.command.StartCommand;
import dev.cumps.core.cli.command.StatusCommand;
import dev.cumps.core.cli.command.StopCommand;
import dev.cumps.core.cli.command.TerminateClientCommand;
import dev.cumps.core.cli.command.TopCommand;
import dev.cumps.core.cli.text.OneLine;
import dev.cumps.core.cli.text.SimulatedRenderer;
import dev.cumps.core.grammar.CliCommand;
import dev.cumps.core.host.HostEnvironment;
import dev.cumps.core.message.CumpsException;
import java.io.PrintWriter;
import java.util.function.Function;
import picocli.CommandLine;

/**
 * The {@code cumps} command line: one run of one argument list. It builds the command tree
 * (one class per command in {@code cli.command}, text rendering in {@code cli.text}), lets
 * {@link FastPath} or picocli parse, and turns every failure into one line {@code error: ...} on
 * stderr with exit 1; usage errors exit 2; no stack trace reaches the user.
 */
public final class Cli {
    public static final int OK = ExitCode.OK;
    public static final int FAILED = ExitCode.FAILED;
    public static final int USAGE = ExitCode.USAGE;

    private final HostEnvironment host;
    private final PrintWriter out;
    private final PrintWriter err;
    private final Function<Globals, CoreServices> servicesFactory;
    private final Confirmation confirmation;

    public Cli(HostEnvironment host, PrintWriter out, PrintWriter err) {
        this(host, out, err, null);
    }

    /** With a custom factory (tests wire fakes); null means the real services for the globals given. */
    public Cli(HostEnvironment host, PrintWriter out, PrintWriter err, Function<Globals, CoreServices> servicesFactory) {
        this(host, out, err, servicesFactory, Confirmation.terminal());
    }

    /** With how commands ask before changing something (tests answer themselves); the terminal by default. */
    public Cli(HostEnvironment host, PrintWriter out, PrintWriter err, Function<Globals, CoreServices> servicesFactory,
               Confirmation confirmation) {
        this.host = host;
        this.out = out;
        this.err = err;
        this.servicesFactory = servicesFactory;
        this.confirmation = confirmation;
    }

    /**
     * Runs one command line and returns the exit status. Whatever happens, the user sees at most one
     * line {@code error: ...}: picocli hands exceptions to the execution exception handler, and any
     * {@link Throwable} that escapes it (an {@link Error} such as {@link OutOfMemoryError}) is caught
     * here as the last resort.
     */
    public int run(String... args) {
        try {
            return runCommand(args);
        } catch (Throwable t) {
            LastResort.log(t);
            err.println(LastResort.unexpected("cumps" + (args.length > 0 && !args[0].startsWith("-") ? " " + args[0] : ""), t));
            err.flush();
            return FAILED;
        }
    }

    private int runCommand(String... args) {
        try {
            RootCommand root = newRoot();
            // The forms the grammar table marks fast skip picocli (docs/performance.md); the rest,
            // including every form that is help or an error, goes through picocli.
            Integer fast = FastPath.execute(this, root, args);
            int code = fast != null ? fast : commandLine(root).execute(args);
            CoreServices services = root.context().servicesIfCreated().orElse(null);
            if (code == OK && services != null && services.simulated()) {
                // JSON and export output cannot carry a banner, so the reminder goes to stderr.
                err.println(SimulatedRenderer.note(services.records().root()));
            }
            return code;
        } finally {
            out.flush();
            err.flush();
        }
    }

    /** A fresh root command (global options unset) with its own services context. */
    RootCommand newRoot() {
        return new RootCommand(new CommandContext(host, out, err, servicesFactory, confirmation));
    }

    CommandLine commandLine() {
        return commandLine(newRoot());
    }

    private CommandLine commandLine(RootCommand root) {
        CommandLine cmd = new CommandLine(root);
        cmd.addSubcommand(TableOptions.of(new StatusCommand(root), CliCommand.STATUS));
        cmd.addSubcommand(TableOptions.of(new ClientsCommand(root), CliCommand.CLIENTS));
        cmd.addSubcommand(TableOptions.of(new TerminateClientCommand(root), CliCommand.TERMINATE_CLIENT));
        cmd.addSubcommand(TableOptions.of(new LimitsCommand(root), CliCommand.LIMITS));
        cmd.addSubcommand(TableOptions.of(new MetricsCommand(root), CliCommand.METRICS));
        cmd.addSubcommand(TableOptions.of(new TopCommand(root), CliCommand.TOP));
        cmd.addSubcommand(TableOptions.of(new DoctorCommand(root), CliCommand.DOCTOR));
        cmd.addSubcommand(TableOptions.of(new StartCommand(root), CliCommand.START));
        cmd.addSubcommand(TableOptions.of(new StopCommand(root), CliCommand.STOP));
        cmd.addSubcommand(TableOptions.of(new EnvCommand(root), CliCommand.ENV_COMMAND));
        cmd.addSubcommand(TableOptions.of(new SelftestCommand(root), CliCommand.SELFTEST));
        cmd.addSubcommand(new CommandLine(new HostsCommand(root))
                .addSubcommand(TableOptions.of(new HostsCommand.AddCommand(root), CliCommand.HOSTS_ADD))
                .addSubcommand(TableOptions.of(new HostsCommand.RemoveCommand(root), CliCommand.HOSTS_REMOVE))
                .addSubcommand(new HostsCommand.ListCommand(root)));
        cmd.addSubcommand(new CommandLine(new FleetCommand(root))
                .addSubcommand(TableOptions.of(new FleetCommand.StatusCommand(root), CliCommand.FLEET_STATUS))
                .addSubcommand(TableOptions.of(new FleetCommand.StartCommand(root), CliCommand.FLEET_START))
                .addSubcommand(TableOptions.of(new FleetCommand.StopCommand(root), CliCommand.FLEET_STOP))
                .addSubcommand(TableOptions.of(new FleetCommand.LimitsCommand(root), CliCommand.FLEET_LIMITS))
                .addSubcommand(TableOptions.of(new FleetCommand.DoctorCommand(root), CliCommand.FLEET_DOCTOR)));
        cmd.addSubcommand(new CompletionCommand(cmd));
        cmd.addSubcommand(new ResetCommand(root));
        cmd.addSubcommand(TableOptions.of(new AttachClientCommand(root), CliCommand.ATTACH_CLIENT));
        cmd.addSubcommand(TableOptions.of(new ReferenceCommand(cmd), CliCommand.REFERENCE));
        // What picocli parses for a command built from the grammar table runs from its form, as the fast parser's forms do.
        TableOptions.runForms(cmd, root);
        cmd.setOut(out);
        cmd.setErr(err);
        cmd.setParameterExceptionHandler((ex, args) -> {
            err.println(OneLine.error(ex.getMessage()) + " (see `cumps --help`)");
            return USAGE;
        });
        cmd.setExecutionExceptionHandler((ex, commandLine, parseResult) -> failure(ex, commandName(commandLine)));
        return cmd;
    }

    private static String commandName(CommandLine commandLine) {
        return commandLine == null ? "cumps" : commandLine.getCommandSpec().qualifiedName();
    }

    /** A command that threw: one line on stderr, exit 1. {@code command} names it, e.g. {@code cumps status}. */
    int failure(Exception ex, String command) {
        if (ex instanceof CumpsException) {
            err.println(OneLine.error(ex.getMessage()));
        } else {
            LastResort.log(ex);
            err.println(LastResort.unexpected(command, ex));
        }
        return FAILED;
    }
}
