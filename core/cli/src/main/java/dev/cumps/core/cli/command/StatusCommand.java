package dev.cumps.core.cli.command;

import dev.cumps.core.cli.text.StatusText;
import dev.cumps.core.json.Json;
import dev.cumps.core.live.LiveJson;
import dev.cumps.core.snapshot.HostSnapshot;
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
        if (json) {
            // uni-cumps's keys stay as they are; the live snapshot (servers, clients, GPU load) is added under "live",
            // built from the same nvidia-smi query and the same records: it asks nothing more with no live daemon.
            HostSnapshot host = root.services().snapshots().readWithLive();
            Map<String, Object> map = host.status().toJsonMap();
            map.put("live", LiveJson.toJsonMap(host.requireLive()));
            root.context().out().println(Json.write(map));
        } else {
            root.context().out().print(StatusText.render(root.services().snapshots().read().status()));
        }
        return ExitCode.OK;
    }
}
