package dev.cumps.core.cli.command;

import dev.cumps.core.cli.text.OneLine;
import dev.cumps.core.grammar.CliForm;
import dev.cumps.core.grammar.CliOption;
import dev.cumps.core.lifecycle.ClientTarget;
import dev.cumps.core.lifecycle.ClientTerminator;
import dev.cumps.core.message.Message;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;

/**
 * {@code cumps terminate-client --name N --pid CLIENT_PID [--yes]}: ends one MPS client of your live
 * daemon with NVIDIA's {@code terminate_client}. Without {@code --yes} it only says what it would do
 * and exits 1; with it, it verifies daemon, server and client right before and does it.
 */
@Command(name = "terminate-client",
        description = "End one MPS client of your live daemon (terminate_client); without --yes, only show what would be done.",
        exitCodeListHeading = ExitCode.HEADING,
        exitCodeList = {"0:the client was terminated and has left the list",
                "1:without --yes (nothing was done), refused, or the client is still listed",
                "2:a bad --pid"})
public final class TerminateClientCommand implements Callable<Integer> {
    private final RootCommand root;
    // The options, as of(root, form) reads them; declared once, in the grammar table (CliCommand.TERMINATE_CLIENT).
    private String name;
    private long pid;
    private boolean yes;

    public TerminateClientCommand(RootCommand root) {
        this.root = root;
    }

    /** The command for a form the grammar table describes, read by the fast parser or by picocli. */
    public static TerminateClientCommand of(RootCommand root, CliForm form) {
        TerminateClientCommand command = new TerminateClientCommand(root);
        command.name = form.value(CliOption.NAME);
        command.pid = Long.parseLong(form.value(CliOption.PID));
        command.yes = form.has(CliOption.YES);
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
