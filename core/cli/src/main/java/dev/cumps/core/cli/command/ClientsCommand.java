package dev.cumps.core.cli.command;

import dev.cumps.core.cli.text.ClientsRenderer;
import dev.cumps.core.cli.text.LimitsRenderer;
import dev.cumps.core.grammar.CliForm;
import dev.cumps.core.grammar.CliOption;
import dev.cumps.core.json.Json;
import dev.cumps.core.live.LiveJson;
import dev.cumps.core.live.LiveSnapshot;
import dev.cumps.core.mps.MpsLimits;
import dev.cumps.core.snapshot.HostSnapshot;
import dev.cumps.core.status.HostStatus;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;

/** {@code cumps clients [--name N] [--json]}: each live daemon's MPS servers and their clients; read-only, exit 0. */
@Command(name = "clients",
        description = "Show the MPS servers and client processes of your live daemons, with GPU memory (read-only).",
        exitCodeListHeading = ExitCode.HEADING,
        exitCodeList = {"0:the live view was printed",
                "1:--name names a missing, foreign, unreadable or stale record"})
public final class ClientsCommand implements Callable<Integer> {
    private final RootCommand root;
    // The options, as of(root, form) reads them; declared once, in the grammar table (CliCommand.CLIENTS).
    private String name;
    private boolean json;

    public ClientsCommand(RootCommand root) {
        this.root = root;
    }

    /** The command for a form the grammar table describes, read by the fast parser or by picocli. */
    public static ClientsCommand of(RootCommand root, CliForm form) {
        ClientsCommand command = new ClientsCommand(root);
        command.name = form.value(CliOption.NAME);
        command.json = form.has(CliOption.JSON);
        return command;
    }

    @Override
    public Integer call() {
        HostSnapshot host = root.services().snapshots().readLive(Optional.ofNullable(name));
        LiveSnapshot snapshot = host.requireLive();
        // The limits each shown daemon's record says cumps applied (`cumps limits` compares them with the daemon's).
        Map<String, MpsLimits> recorded = host.recordedLimits(snapshot.daemons().stream().flatMap(d -> d.name().stream()).toList());
        if (json) {
            Map<String, Object> map = new LinkedHashMap<>();
            map.put("schema_version", HostStatus.SCHEMA_VERSION);
            map.putAll(LiveJson.toJsonMap(snapshot, recorded));
            root.context().out().println(Json.write(map));
        } else {
            root.context().out().print(ClientsRenderer.render(snapshot) + LimitsRenderer.recorded(recorded));
        }
        return ExitCode.OK;
    }
}
