package dev.cumps.core.cli.command;

import dev.cumps.core.message.CumpsException;
import dev.cumps.core.message.Message;
import dev.cumps.sim.Simulation;
import java.nio.file.Path;
import java.time.Duration;
import java.util.concurrent.Callable;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;

/**
 * {@code cumps --simulate attach-client --name N [--memory MiB]}: start a simulated CUDA program that
 * connects to daemon N as an MPS client, print its pid and return; the client runs until it is
 * killed or its daemon stops.
 */
@Command(name = "attach-client", mixinStandardHelpOptions = true,
        description = "With --simulate: start a simulated MPS client of a daemon and print its pid (end it with kill PID).")
public final class AttachClientCommand implements Callable<Integer> {
    /** How long the client may take to start its JVM and attach. */
    static final Duration ATTACH_TIMEOUT = Duration.ofSeconds(30);
    private static final long MAX_MEMORY_MIB = 1L << 24;
    private final RootCommand root;

    @Option(names = "--name", paramLabel = "N", required = true, description = "The daemon the client connects to.")
    String name;

    @Option(names = "--memory", paramLabel = "MiB", defaultValue = "512",
            description = "Simulated GPU memory the client holds, in MiB (default: ${DEFAULT-VALUE}).")
    long memory;

    @CommandLine.Spec
    CommandLine.Model.CommandSpec spec;

    public AttachClientCommand(RootCommand root) {
        this.root = root;
    }

    @Override
    public Integer call() {
        if (!root.globals().simulate()) {
            throw new CumpsException(Message.of(CommandMessages.ATTACH_NEEDS_SIMULATE));
        }
        if (memory < 0 || memory > MAX_MEMORY_MIB) {
            throw UsageError.of(spec.commandLine(),
                    "--memory must be from 0 to " + MAX_MEMORY_MIB + " MiB, got " + memory);
        }
        Path pipe = root.services().live().pipeDirectoryOf(name);
        Simulation.AttachedClient client = Simulation.cliSandbox(root.context().host()).attachClient(pipe, memory, ATTACH_TIMEOUT);
        root.context().out().println(client.pid());
        return ExitCode.OK;
    }
}
