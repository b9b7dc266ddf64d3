package dev.cumps.core.cli.command;

import dev.cumps.core.env.EnvFormat;
import dev.cumps.core.env.LaunchEnvironment;
import dev.cumps.core.message.Message;
import java.util.Iterator;
import java.util.Optional;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;

/** {@code cumps env [--name N] [--shell FORMAT] [--json]}: the variables a launcher needs for a live daemon. */
@Command(name = "env", mixinStandardHelpOptions = true,
        description = "Print the exports a launcher needs for a live daemon; your own environment is not changed.",
        exitCodeListHeading = ExitCode.HEADING,
        exitCodeList = {"0:printed",
                "1:no live record to speak for (missing, stale, unreadable), or a value that cannot be exported safely",
                "2:an unsupported --shell"})
public final class EnvCommand implements Callable<Integer> {
    private final RootCommand root;

    @Option(names = "--name", paramLabel = "N", description = "Daemon name (default: the sole live record).")
    String name;

    @Option(names = "--shell", paramLabel = "FORMAT", defaultValue = "posix", completionCandidates = Formats.class,
            description = "Output syntax: posix (sh, bash, zsh; the default), fish, systemd (Environment= lines),"
                    + " docker (docker run --env words) or dotenv (a .env file).")
    String shell;

    @Option(names = "--json", description = "Print {\"name\", \"env\"} as JSON.")
    boolean json;

    public EnvCommand(RootCommand root) {
        this.root = root;
    }

    /** The command as the fast path parsed it ({@code shell}: a format id, checked again by {@link #call()}). */
    public static EnvCommand of(RootCommand root, String name, String shell, boolean json) {
        EnvCommand command = new EnvCommand(root);
        command.name = name;
        command.shell = shell;
        command.json = json;
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
