package dev.cumps.core.cli.command;

import dev.cumps.core.cli.text.StopRenderer;
import dev.cumps.core.grammar.CliForm;
import dev.cumps.core.grammar.CliOption;
import dev.cumps.core.lifecycle.StopOutcome;
import java.io.PrintWriter;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;

/** {@code cumps stop [--name N | --all]}: stop verified daemons; JSON on stdout, one error line per failure. */
@Command(name = "stop",
        description = "Stop a recorded daemon after verifying its pid and start time; stale records are removed without signalling.",
        exitCodeListHeading = ExitCode.HEADING,
        exitCodeList = {"0:stopped (with --all: every live daemon, also when there was none)",
                "1:a missing, stale (removed), unreadable (moved aside) or foreign record, or a daemon that did not stop (with --all: any)"})
public final class StopCommand implements Callable<Integer> {
    private final RootCommand root;
    // The options, as of(root, form) reads them; declared once, in the grammar table (CliCommand.STOP).
    private String name;
    private boolean all;

    public StopCommand(RootCommand root) {
        this.root = root;
    }

    /** The command for a form the grammar table describes, read by the fast parser or by picocli. */
    public static StopCommand of(RootCommand root, CliForm form) {
        StopCommand command = new StopCommand(root);
        command.name = form.value(CliOption.NAME);
        command.all = form.has(CliOption.ALL);
        return command;
    }

    @Override
    public Integer call() {
        if (all && name != null) {
            throw UsageError.of(this, "--all and --name cannot be combined");
        }
        PrintWriter out = root.context().out();
        PrintWriter err = root.context().err();
        if (all) {
            List<StopOutcome> outcomes = root.services().stopper().stopAll();
            out.println(StopRenderer.all(outcomes));
            List<String> failures = StopRenderer.failures(outcomes);
            failures.forEach(err::println);
            return failures.isEmpty() ? ExitCode.OK : ExitCode.FAILED;
        }
        StopOutcome outcome = root.services().stopper().stop(Optional.ofNullable(name));
        if (outcome.stopped()) {
            out.println(StopRenderer.stopped(outcome));
            return ExitCode.OK;
        }
        err.println(StopRenderer.error(outcome));
        return ExitCode.FAILED;
    }
}
