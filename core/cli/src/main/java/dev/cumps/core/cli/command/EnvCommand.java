package dev.cumps.core.cli.command;

import dev.cumps.core.env.EnvFormat;
import dev.cumps.core.env.LaunchEnvironment;
import dev.cumps.core.grammar.CliForm;
import dev.cumps.core.grammar.CliOption;
import dev.cumps.core.message.Message;
import java.util.Iterator;
import java.util.Optional;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;

/** {@code cumps env [--name N] [--shell FORMAT] [--json]}: the variables a launcher needs for a live daemon. */
@Command(name = "env",
        description = "Print the exports a launcher needs for a live daemon; your own environment is not changed.",
        exitCodeListHeading = ExitCode.HEADING,
        exitCodeList = {"0:printed",
                "1:no live record to speak for (missing, stale, unreadable), or a value that cannot be exported safely",
                "2:an unsupported --shell"})
public final class EnvCommand implements Callable<Integer> {
    private final RootCommand root;
    // The options, as of(root, form) reads them; declared once, in the grammar table (CliCommand.ENV_COMMAND).
    private String name;
    private String shell;
    private boolean json;

    public EnvCommand(RootCommand root) {
        this.root = root;
    }

    /** The command for a form the grammar table describes, read by the fast parser or by picocli. */
    public static EnvCommand of(RootCommand root, CliForm form) {
        EnvCommand command = new EnvCommand(root);
        command.name = form.value(CliOption.NAME);
        command.shell = form.valueOrDefault(CliOption.SHELL);
        command.json = form.has(CliOption.JSON);
        return command;
    }

    @Override
    public Integer call() {
        EnvFormat format = EnvFormat.byId(shell).orElseThrow(() -> UsageError.of(this,
                Message.of(CommandMessages.SHELL_UNSUPPORTED, shell, String.join(", ", EnvFormat.ids())).english()));
        LaunchEnvironment env = root.services().env().launchEnvironment(Optional.ofNullable(name));
        root.context().out().print(json ? env.jsonText() : env.text(format));
        return ExitCode.OK;
    }

    /** The format names, offered by shell completion for {@code --shell}. */
    public static final class Formats implements Iterable<String> {
        @Override
        public Iterator<String> iterator() {
            return EnvFormat.ids().iterator();
        }
    }
}
