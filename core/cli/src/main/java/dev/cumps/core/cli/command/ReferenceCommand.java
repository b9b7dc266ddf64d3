package dev.cumps.core.cli.command;

import dev.cumps.core.cli.reference.CliReference;
import java.util.concurrent.Callable;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;

/**
 * {@code cumps reference --format man|markdown}: the man page or the Markdown command reference,
 * generated from the command tree ({@code docs/man/cumps.1}, {@code docs/cli-reference.md}). Hidden
 * from {@code --help}, from completion and from the reference itself: it is how those files are
 * made, not something a user runs.
 */
@Command(name = "reference", hidden = true, mixinStandardHelpOptions = true,
        description = "Print the command reference generated from the command definitions: a man page or Markdown.")
public final class ReferenceCommand implements Callable<Integer> {
    /** The two outputs; picocli refuses any other value as a usage error naming these. */
    enum Format { man, markdown }

    private final CommandLine top;

    @Option(names = "--format", paramLabel = "FORMAT", required = true,
            description = "man (roff for man(1)) or markdown (docs/cli-reference.md).")
    Format format;

    public ReferenceCommand(CommandLine top) {
        this.top = top;
    }

    @Override
    public Integer call() {
        CliReference reference = new CliReference(top.getCommandSpec(), VersionProvider.version());
        top.getOut().print(format == Format.man ? reference.manPage() : reference.markdown());
        top.getOut().flush();
        return ExitCode.OK;
    }
}
