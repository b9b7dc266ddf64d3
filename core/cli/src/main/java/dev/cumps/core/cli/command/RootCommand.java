package dev.cumps.core.cli.command;

import dev.cumps.core.CoreServices;
import java.nio.file.Path;
import java.util.Optional;
import java.util.concurrent.Callable;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;

/** {@code cumps} itself: the global options every command inherits; alone, it prints the usage (exit 2). */
@Command(name = "cumps", mixinStandardHelpOptions = true, versionProvider = VersionProvider.class,
        description = "Start, stop, inspect and diagnose your own NVIDIA CUDA MPS control daemons.",
        subcommandsRepeatable = false,
        exitCodeListHeading = ExitCode.HEADING,
        exitCodeList = {"0:success", "1:failure (one line `error: ...` on stderr)", "2:usage error (an unknown option or a bad value)"},
        footer = {"", "Records: ~/.cache/unilab/cuda-mps/<name>/daemon.json (shared with uni-cumps)."})
public final class RootCommand implements Callable<Integer> {
    @Option(names = "--records", paramLabel = "DIR", converter = PathOption.class, scope = CommandLine.ScopeType.INHERIT,
            description = "Record directory (default: ~/.cache/unilab/cuda-mps).")
    Path records;

    @Option(names = "--simulate", scope = CommandLine.ScopeType.INHERIT,
            description = "Run against a simulated NVIDIA host (stand-in tools, private sandbox); no GPU needed.")
    boolean simulate;

    @CommandLine.Spec
    CommandLine.Model.CommandSpec spec;

    private final CommandContext context;

    public RootCommand(CommandContext context) {
        this.context = context;
    }

    /** Sets the global options without picocli (the fast path, once it has recognised the whole line). */
    public void globals(boolean simulate, Path records) {
        this.simulate = simulate;
        this.records = records;
    }

    public Globals globals() {
        return new Globals(Optional.ofNullable(records), simulate);
    }

    public CommandContext context() {
        return context;
    }

    /** The services for the global options, wired on first use. */
    CoreServices services() {
        return context.services(globals());
    }

    @Override
    public Integer call() {
        spec.commandLine().usage(context.out());
        return ExitCode.USAGE;
    }
}
