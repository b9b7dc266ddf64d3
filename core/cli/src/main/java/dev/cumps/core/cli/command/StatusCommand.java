package dev.cumps.core.cli.command;

import dev.cumps.core.cli.text.StatusText;
import dev.cumps.core.gpu.GpuInventory;
import dev.cumps.core.json.Json;
import dev.cumps.core.live.LiveJson;
import dev.cumps.core.record.DaemonRecord;
import dev.cumps.core.record.ManagedDaemon;
import dev.cumps.core.status.HostStatus;
import dev.cumps.core.status.StatusService;
import java.util.List;
import java.util.Map;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;

/** {@code cumps status [--json]}: GPUs, control pipes and daemon records; read-only, exit 0. */
@Command(name = "status", mixinStandardHelpOptions = true, description = "Show GPUs, control pipes and daemon records (read-only).")
public final class StatusCommand implements Callable<Integer> {
    private final RootCommand root;

    @Option(names = "--json", description = "Machine-readable output.")
    boolean json;

    public StatusCommand(RootCommand root) {
        this.root = root;
    }

    /** The command as the fast path parsed it. */
    public static StatusCommand of(RootCommand root, boolean json) {
        StatusCommand command = new StatusCommand(root);
        command.json = json;
        return command;
    }

    @Override
    public Integer call() {
        StatusService service = root.services().status();
        if (json) {
            // uni-cumps's keys stay as they are; the live snapshot (servers, clients, GPU load) is added under "live",
            // built from the same nvidia-smi query and the same records: it asks nothing more with no live daemon.
            GpuInventory gpus = service.gpus();
            HostStatus status = service.collect(gpus);
            List<DaemonRecord> live = status.daemons().stream().filter(ManagedDaemon::live).map(ManagedDaemon::record).toList();
            Map<String, Object> map = status.toJsonMap();
            map.put("live", LiveJson.toJsonMap(root.services().live().collect(live, gpus)));
            root.context().out().println(Json.write(map));
        } else {
            root.context().out().print(StatusText.render(service.collect()));
        }
        return ExitCode.OK;
    }
}
