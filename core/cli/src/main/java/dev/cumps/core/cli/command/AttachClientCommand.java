package dev.cumps.core.cli.command;

import dev.cumps.core.grammar.CliForm;
import dev.cumps.core.grammar.CliOption;
import dev.cumps.core.message.CumpsException;
import dev.cumps.core.message.Message;
import dev.cumps.sim.Simulation;
import java.nio.file.Path;
import java.time.Duration;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;

/**
 * {@code cumps --simulate attach-client --name N [--memory MiB]}: start a simulated CUDA program that
 * connects to daemon N as an MPS client, print its pid and return; the client runs until it is
 * killed or its daemon stops.
 */
@Command(name = "attach-client",
        description = "With --simulate: start a simulated MPS client of a daemon and print its pid (end it with kill PID).")
public final class AttachClientCommand implements Callable<Integer> {
    /** How long the client may take to start its JVM and attach. */
    static final Duration ATTACH_TIMEOUT = Duration.ofSeconds(30);
    private static final long MAX_MEMORY_MIB = 1L << 24;
    private final RootCommand root;

    // The options, as of(root, form) reads them; declared once, in the grammar table (CliCommand.ATTACH_CLIENT).
    private String name;
    private long memory;

    public AttachClientCommand(RootCommand root) {
        this.root = root;
    }

    /** The command for a form the grammar table describes (picocli has refused a --memory that is not a long). */
    public static AttachClientCommand of(RootCommand root, CliForm form) {
        AttachClientCommand command = new AttachClientCommand(root);
        command.name = form.value(CliOption.NAME);
        command.memory = Long.parseLong(form.valueOrDefault(CliOption.MEMORY));
        return command;
    }

    @Override
    public Integer call() {
        if (!root.globals().simulate()) {
            throw new CumpsException(Message.of(CommandMessages.ATTACH_NEEDS_SIMULATE));
        }
        if (memory < 0 || memory > MAX_MEMORY_MIB) {
            throw UsageError.of(this,
                    "--memory must be from 0 to " + MAX_MEMORY_MIB + " MiB, got " + memory);
        }
        Path pipe = root.services().live().pipeDirectoryOf(name);
        Simulation.AttachedClient client = Simulation.cliSandbox(root.context().host()).attachClient(pipe, memory, ATTACH_TIMEOUT);
        root.context().out().println(client.pid());
        return ExitCode.OK;
    }
}
