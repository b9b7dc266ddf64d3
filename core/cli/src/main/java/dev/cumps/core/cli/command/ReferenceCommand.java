package dev.cumps.core.cli.command;

import dev.cumps.core.cli.reference.CliReference;
import dev.cumps.core.grammar.CliForm;
import dev.cumps.core.grammar.CliOption;
import java.util.concurrent.Callable;
import picocli.CommandLine;
import picocli.CommandLine.Command;

/**
 * {@code cumps reference --format man|markdown}: the man page or the Markdown command reference,
 * generated from the command tree ({@code docs/man/cumps.1}, {@code docs/cli-reference.md}). Hidden
 * from {@code --help}, from completion and from the reference itself: it is how those files are
 * made, not something a user runs.
 */
@Command(name = "reference", hidden = true,
        description = "Print the command reference generated from the command definitions: a man page or Markdown.")
public final class ReferenceCommand implements Callable<Integer> {
    private final CommandLine top;
    // The option, as of(top, form) reads it; declared once, in the grammar table (CliCommand.REFERENCE).
    private String format;

    public ReferenceCommand(CommandLine top) {
        this.top = top;
    }

    /** The command for a form the grammar table describes (picocli has refused a format not among the choices). */
    public static ReferenceCommand of(CommandLine top, CliForm form) {
        ReferenceCommand command = new ReferenceCommand(top);
        command.format = form.value(CliOption.FORMAT);
        return command;
    }

    @Override
    public Integer call() {
        CliReference reference = new CliReference(top.getCommandSpec(), VersionProvider.version());
        top.getOut().print("man".equals(format) ? reference.manPage() : reference.markdown());
        top.getOut().flush();
        return ExitCode.OK;
    }
}
