package dev.cumps.core.cli.command;

import dev.cumps.core.cli.text.MetricsText;
import dev.cumps.core.doctor.DoctorReport;
import dev.cumps.core.gpu.GpuInventory;
import dev.cumps.core.live.LiveSnapshot;
import dev.cumps.core.record.DaemonRecord;
import dev.cumps.core.record.ManagedDaemon;
import dev.cumps.core.status.HostStatus;
import dev.cumps.core.status.StatusService;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;

/**
 * {@code cumps metrics [--gpus SEL]}: your records, the live snapshot (servers, clients, per-client
 * and per-GPU memory, GPU utilisation), the records' limits and the doctor's verdict in the
 * Prometheus text exposition format, for node_exporter's textfile collector. Read-only, exit 0.
 */
@Command(name = "metrics", mixinStandardHelpOptions = true,
        description = "Print your daemons, their MPS servers and clients, GPU load, limits and the doctor's verdict as Prometheus"
                + " metrics (text format 0.0.4; read-only).")
public final class MetricsCommand implements Callable<Integer> {
    private final RootCommand root;

    @Option(names = "--gpus", paramLabel = "SEL", description = "The doctor's GPU selector, as for `cumps doctor` (default: the only visible GPU).")
    String gpus;

    public MetricsCommand(RootCommand root) {
        this.root = root;
    }

    /** The command as the fast path parsed it. */
    public static MetricsCommand of(RootCommand root, String gpus) {
        MetricsCommand command = new MetricsCommand(root);
        command.gpus = gpus;
        return command;
    }

    @Override
    public Integer call() {
        StatusService status = root.services().status();
        // One nvidia-smi query for the records' GPUs and the live snapshot, as `status --json` does.
        GpuInventory inventory = status.gpus();
        HostStatus host = status.collect(inventory);
        List<DaemonRecord> live = host.daemons().stream().filter(ManagedDaemon::live).map(ManagedDaemon::record).toList();
        LiveSnapshot snapshot = root.services().live().collect(live, inventory);
        // The doctor's live checks read this scrape's snapshot: every daemon is asked once (issue 20).
        DoctorReport doctor = root.services().doctor().run(Optional.ofNullable(gpus), inventory, snapshot);
        root.context().out().print(MetricsText.render(host.daemons(), host.unreadable().size(), snapshot, doctor));
        return ExitCode.OK;
    }
}
