package dev.cumps.core.cli.command;

import dev.cumps.core.cli.text.TextTable;
import dev.cumps.core.doctor.CheckStatus;
import dev.cumps.core.doctor.DoctorCheck;
import dev.cumps.core.doctor.DoctorReport;
import dev.cumps.core.json.Json;
import java.util.Locale;
import java.util.Optional;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;

/** {@code cumps doctor [--gpus SEL] [--json]}: the host checked for one selector; exit 0 when valid, 1 otherwise. */
@Command(name = "doctor", mixinStandardHelpOptions = true,
        description = "Diagnose the host for one GPU selector (read-only). Exit 0 when valid, 1 otherwise.")
public final class DoctorCommand implements Callable<Integer> {
    private final RootCommand root;

    @Option(names = "--gpus", paramLabel = "SEL", description = "GPU index, UUID, comma list, or all.")
    String gpus;

    @Option(names = "--json", description = "Machine-readable output.")
    boolean json;

    public DoctorCommand(RootCommand root) {
        this.root = root;
    }

    @Override
    public Integer call() {
        DoctorReport report = root.services().doctor().run(Optional.ofNullable(gpus));
        if (json) {
            root.context().out().println(Json.write(report.toJsonMap()));
        } else {
            root.context().out().print(text(report, root.services().simulated()));
        }
        return report.valid() ? ExitCode.OK : ExitCode.FAILED;
    }

    /** The report as a table and a verdict line (the doctor package is to render this itself). */
    private static String text(DoctorReport report, boolean simulated) {
        StringBuilder out = new StringBuilder();
        if (simulated) {
            out.append("SIMULATED host\n");
        }
        TextTable t = new TextTable("STATUS", "CHECK", "OBSERVED", "REMEDY");
        for (DoctorCheck c : report.checks()) {
            t.row(c.status().id().toUpperCase(Locale.ROOT), c.title(), c.observed(), c.remedy());
        }
        out.append(t.render("")).append('\n');
        out.append(report.valid() ? "VALID" : "INVALID").append(": ").append(report.count(CheckStatus.PASS)).append(" pass, ")
                .append(report.count(CheckStatus.WARN)).append(" warn, ").append(report.count(CheckStatus.FAIL)).append(" fail, ")
                .append(report.count(CheckStatus.SKIP)).append(" skip\n");
        return out.toString();
    }
}
