package dev.cumps.core.cli.command;

import dev.cumps.core.cli.text.DoctorTextRenderer;
import dev.cumps.core.doctor.DoctorReport;
import dev.cumps.core.json.Json;
import dev.cumps.core.message.CumpsException;
import dev.cumps.core.message.Message;
import java.util.Optional;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;

/**
 * {@code cumps doctor [--gpus SEL] [--json] [--fix [--yes]]}: the host checked for one selector; exit
 * 0 when valid, 1 otherwise. With {@code --fix} it then offers the fixes the product can make itself
 * ({@link DoctorFixRun}).
 */
@Command(name = "doctor", mixinStandardHelpOptions = true,
        description = "Diagnose the host for one GPU selector (read-only unless --fix). Exit 0 when valid, 1 otherwise.",
        exitCodeListHeading = ExitCode.HEADING,
        exitCodeList = {"0:valid (with --fix: the verdict after the fixes)",
                "1:invalid, or the fixes were not confirmed"})
public final class DoctorCommand implements Callable<Integer> {
    private final RootCommand root;

    @Option(names = "--gpus", paramLabel = "SEL", description = "GPU index, UUID, comma list, or all.")
    String gpus;

    @Option(names = "--json", description = "Machine-readable output.")
    boolean json;

    @Option(names = "--fix", description = "Then list the fixes cumps can make itself (stale records, orphaned sockets, stale pid files,"
            + " extra daemons), ask, apply them and diagnose again; exit status from the final verdict.")
    boolean fix;

    @Option(names = "--yes", description = "With --fix: apply without asking (needed without a terminal to ask on).")
    boolean yes;

    public DoctorCommand(RootCommand root) {
        this.root = root;
    }

    /** The command as the fast path parsed it: no {@code --fix}. */
    public static DoctorCommand of(RootCommand root, String gpus, boolean json) {
        DoctorCommand command = new DoctorCommand(root);
        command.gpus = gpus;
        command.json = json;
        return command;
    }

    @Override
    public Integer call() {
        if (yes && !fix) {
            throw new CumpsException(Message.of(CommandText.YES_NEEDS_FIX));
        }
        Optional<String> selector = Optional.ofNullable(gpus);
        DoctorReport report = root.services().doctor().run(selector);
        if (fix) {
            return new DoctorFixRun(root.services(), root.context(), selector, json, yes).run(report);
        }
        if (json) {
            root.context().out().println(Json.write(report.toJsonMap()));
        } else {
            root.context().out().print(DoctorTextRenderer.render(report, root.services().simulated()));
        }
        return report.valid() ? ExitCode.OK : ExitCode.FAILED;
    }
}
