package dev.cumps.core.cli.command;

import dev.cumps.core.cli.text.MetricsRenderer;
import dev.cumps.core.doctor.DoctorReport;
import dev.cumps.core.grammar.CliForm;
import dev.cumps.core.grammar.CliOption;
import dev.cumps.core.live.LiveSnapshotService.Detail;
import dev.cumps.core.snapshot.HostSnapshot;
import java.util.Optional;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;

/**
 * {@code cumps metrics [--gpus SEL]}: your records, the live snapshot (servers, clients, per-client
 * and per-GPU memory, GPU utilisation), the records' limits and the doctor's verdict in the
 * Prometheus text exposition format, for node_exporter's textfile collector. Read-only, exit 0.
 */
@Command(name = "metrics",
        description = "Print your daemons, their MPS servers and clients, GPU load, limits and the doctor's verdict as Prometheus"
                + " metrics (text format 0.0.4; read-only).")
public final class MetricsCommand implements Callable<Integer> {
    private final RootCommand root;
    // The options, as of(root, form) reads them; declared once, in the grammar table (CliCommand.METRICS).
    private String gpus;

    public MetricsCommand(RootCommand root) {
        this.root = root;
    }

    /** The command for a form the grammar table describes, read by the fast parser or by picocli. */
    public static MetricsCommand of(RootCommand root, CliForm form) {
        MetricsCommand command = new MetricsCommand(root);
        command.gpus = form.value(CliOption.GPUS);
        return command;
    }

    @Override
    public Integer call() {
        // One nvidia-smi query for the records' GPUs and the live snapshot, as `status --json` does.
        HostSnapshot host = root.services().snapshots().read(Detail.FULL);
        // The doctor's live checks read this scrape's snapshot: every daemon is asked once.
        DoctorReport doctor = root.services().doctor().run(Optional.ofNullable(gpus), host);
        root.context().out().print(MetricsRenderer.render(host.status().daemons(), host.status().unreadable().size(), host.requireLive(),
                doctor));
        return ExitCode.OK;
    }
}
