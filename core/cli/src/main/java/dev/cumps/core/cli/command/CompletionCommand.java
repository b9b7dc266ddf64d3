package dev.cumps.core.cli.command;

import java.util.concurrent.Callable;
import picocli.AutoComplete;
import picocli.CommandLine;
import picocli.CommandLine.Command;

/** {@code cumps completion}: a bash completion script for the whole command tree. */
@Command(name = "completion", mixinStandardHelpOptions = true,
        description = "Print a bash completion script: `source <(cumps completion)`.")
public final class CompletionCommand implements Callable<Integer> {
    private final CommandLine top;

    public CompletionCommand(CommandLine top) {
        this.top = top;
    }

    @Override
    public Integer call() {
        top.getOut().print(AutoComplete.bash("cumps", top));
        top.getOut().flush();
        return ExitCode.OK;
    }
}
