package dev.cumps.core.cli.command;

import dev.cumps.core.cli.text.OneLine;
import dev.cumps.core.lifecycle.ClientTarget;
import dev.cumps.core.lifecycle.ClientTerminator;
import dev.cumps.core.message.Message;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;

/**
 * {@code cumps terminate-client --name N --pid CLIENT_PID [--yes]}: ends one MPS client of your live
 * daemon with NVIDIA's {@code terminate_client}. Without {@code --yes} it only says what it would do
 * and exits 1; with it, it verifies daemon, server and client right before and does it.
 */
@Command(name = "terminate-client", mixinStandardHelpOptions = true,
        description = "End one MPS client of your live daemon (terminate_client); without --yes, only show what would be done.",
        exitCodeListHeading = ExitCode.HEADING,
        exitCodeList = {"0:the client was terminated and has left the list",
                "1:without --yes (nothing was done), refused, or the client is still listed",
                "2:a bad --pid"})
public final class TerminateClientCommand implements Callable<Integer> {
    private final RootCommand root;

    @Option(names = "--name", required = true, paramLabel = "N", description = "The daemon whose client it is.")
    String name;

    @Option(names = "--pid", required = true, paramLabel = "CLIENT_PID", converter = PidOption.class, description = "The client's pid (see `cumps clients`).")
    long pid;

    @Option(names = "--yes", description = "Terminate it (without: show what would be done and exit 1).")
    boolean yes;

    public TerminateClientCommand(RootCommand root) {
        this.root = root;
    }

    /** The command as the fast path parsed it. */
    public static TerminateClientCommand of(RootCommand root, String name, long pid, boolean yes) {
        TerminateClientCommand command = new TerminateClientCommand(root);
        command.name = name;
        command.pid = pid;
        command.yes = yes;
        return command;
    }

    @Override
    public Integer call() {
        if (pid < 1 || pid > PidOption.PID_MAX) {
            throw UsageError.of(this, Message.of(CommandMessages.PID_OUT_OF_RANGE, pid).english());
        }
        ClientTerminator terminator = root.services().terminator();
        if (!yes) {
            ClientTarget target = terminator.find(name, pid);
            root.context().out().println(OneLine.of(Message.of(CommandMessages.TERMINATE_WOULD, target.planMessage()).english()));
            root.context().err().println(OneLine.error(Message.of(CommandMessages.TERMINATE_NEEDS_YES, pid).english()));
            return ExitCode.FAILED;
        }
        root.context().out().println(OneLine.of(terminator.terminate(name, pid).english()));
        return ExitCode.OK;
    }
}
