package dev.cumps.core.cli.command;

import dev.cumps.core.cli.text.ClientsText;
import dev.cumps.core.cli.text.LimitsText;
import dev.cumps.core.json.Json;
import dev.cumps.core.live.LiveJson;
import dev.cumps.core.live.LiveSnapshot;
import dev.cumps.core.mps.MpsLimits;
import dev.cumps.core.status.HostStatus;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;

/** {@code cumps clients [--name N] [--json]}: each live daemon's MPS servers and their clients; read-only, exit 0. */
@Command(name = "clients", mixinStandardHelpOptions = true,
        description = "Show the MPS servers and client processes of your live daemons, with GPU memory (read-only).",
        exitCodeListHeading = ExitCode.HEADING,
        exitCodeList = {"0:the live view was printed",
                "1:--name names a missing, foreign, unreadable or stale record"})
public final class ClientsCommand implements Callable<Integer> {
    private final RootCommand root;

    @Option(names = "--name", paramLabel = "N", description = "Only this daemon (default: every live daemon and reachable control pipe).")
    String name;

    @Option(names = "--json", description = "Machine-readable output.")
    boolean json;

    public ClientsCommand(RootCommand root) {
        this.root = root;
    }

    /** The command as the fast path parsed it. */
    public static ClientsCommand of(RootCommand root, String name, boolean json) {
        ClientsCommand command = new ClientsCommand(root);
        command.name = name;
        command.json = json;
        return command;
    }

    @Override
    public Integer call() {
        LiveSnapshot snapshot = root.services().live().collect(Optional.ofNullable(name));
        // The limits each shown daemon's record says cumps applied (`cumps limits` compares them with the daemon's).
        Map<String, MpsLimits> recorded = new LinkedHashMap<>();
        Set<String> shown = new HashSet<>();
        snapshot.daemons().forEach(d -> d.name().ifPresent(shown::add));
        root.services().records().list().records().stream().filter(r -> shown.contains(r.name()))
                .forEach(r -> recorded.put(r.name(), r.limits()));
        if (json) {
            Map<String, Object> map = new LinkedHashMap<>();
            map.put("schema_version", HostStatus.SCHEMA_VERSION);
            map.putAll(LiveJson.toJsonMap(snapshot, recorded));
            root.context().out().println(Json.write(map));
        } else {
            root.context().out().print(ClientsText.render(snapshot) + LimitsText.recorded(recorded));
        }
        return ExitCode.OK;
    }
}
