package dev.cumps.core.cli.command;

import dev.cumps.core.cli.text.DoctorTextRenderer;
import dev.cumps.core.doctor.DoctorReport;
import dev.cumps.core.json.Json;
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
            root.context().out().print(DoctorTextRenderer.render(report, root.services().simulated()));
        }
        return report.valid() ? ExitCode.OK : ExitCode.FAILED;
    }
}
