package dev.cumps.core.cli.command;

import dev.cumps.core.env.LaunchEnvironment;
import java.util.Optional;
import java.util.concurrent.Callable;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;

/** {@code cumps env [--name N] [--json]}: the exports a launcher needs for a live daemon. */
@Command(name = "env", mixinStandardHelpOptions = true,
        description = "Print the exports a launcher needs for a live daemon; your own environment is not changed.")
public final class EnvCommand implements Callable<Integer> {
    private final RootCommand root;

    @Option(names = "--name", paramLabel = "N", description = "Daemon name (default: the sole live record).")
    String name;

    @Option(names = "--shell", paramLabel = "SHELL", defaultValue = "posix", description = "Output syntax; only posix (sh, bash, zsh).")
    String shell;

    @Option(names = "--json", description = "Print {\"name\", \"env\"} as JSON.")
    boolean json;

    public EnvCommand(RootCommand root) {
        this.root = root;
    }

    /** The command as the fast path parsed it (posix shell). */
    public static EnvCommand of(RootCommand root, String name, boolean json) {
        EnvCommand command = new EnvCommand(root);
        command.name = name;
        command.shell = "posix";
        command.json = json;
        return command;
    }

    @Override
    public Integer call() {
        if (!"posix".equals(shell)) {
            throw new CommandLine.ParameterException(new CommandLine(this), "unsupported --shell '" + shell + "'; only posix is supported");
        }
        LaunchEnvironment env = root.services().launchEnvironment(Optional.ofNullable(name));
        root.context().out().print(json ? env.jsonText() : env.posix());
        return ExitCode.OK;
    }
}
