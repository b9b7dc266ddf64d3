package dev.cumps.core.cli.command;

import dev.cumps.core.cli.text.DoctorRenderer;
import dev.cumps.core.doctor.DoctorReport;
import dev.cumps.core.grammar.CliForm;
import dev.cumps.core.grammar.CliOption;
import dev.cumps.core.json.Json;
import dev.cumps.core.message.CumpsException;
import dev.cumps.core.message.Message;
import java.util.Optional;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;

/**
 * {@code cumps doctor [--gpus SEL] [--json] [--fix [--yes]]}: the host checked for one selector; exit
 * 0 when valid, 1 otherwise. With {@code --fix} it then offers the fixes the product can make itself
 * ({@link DoctorFixRun}).
 */
@Command(name = "doctor",
        description = "Diagnose the host for one GPU selector (read-only unless --fix). Exit 0 when valid, 1 otherwise.",
        exitCodeListHeading = ExitCode.HEADING,
        exitCodeList = {"0:valid (with --fix: the verdict after the fixes)",
                "1:invalid, or the fixes were not confirmed"})
public final class DoctorCommand implements Callable<Integer> {
    private final RootCommand root;
    // The options, as of(root, form) reads them; declared once, in the grammar table (CliCommand.DOCTOR).
    private String gpus;
    private boolean json;
    private boolean fix;
    private boolean yes;

    public DoctorCommand(RootCommand root) {
        this.root = root;
    }

    /** The command for a form the grammar table describes, read by the fast parser or by picocli. */
    public static DoctorCommand of(RootCommand root, CliForm form) {
        DoctorCommand command = new DoctorCommand(root);
        command.gpus = form.value(CliOption.GPUS);
        command.json = form.has(CliOption.JSON);
        command.fix = form.has(CliOption.FIX);
        command.yes = form.has(CliOption.YES);
        return command;
    }

    @Override
    public Integer call() {
        if (yes && !fix) {
            throw new CumpsException(Message.of(CommandMessages.YES_NEEDS_FIX));
        }
        Optional<String> selector = Optional.ofNullable(gpus);
        DoctorReport report = root.services().doctor().diagnose(selector);
        if (fix) {
            return new DoctorFixRun(root.services(), root.context(), selector, json, yes).run(report);
        }
        if (json) {
            root.context().out().println(Json.write(report.toJsonMap()));
        } else {
            root.context().out().print(DoctorRenderer.render(report, root.services().simulated()));
        }
        return report.valid() ? ExitCode.OK : ExitCode.FAILED;
    }
}
