package dev.cumps.core.cli.command;

import dev.cumps.core.cli.text.ClientsRenderer;
import dev.cumps.core.cli.text.LimitsRenderer;
import dev.cumps.core.grammar.CliForm;
import dev.cumps.core.grammar.CliOption;
import dev.cumps.core.json.Json;
import dev.cumps.core.live.LiveSnapshot;
import dev.cumps.core.snapshot.HostSnapshot;
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
        if (json) {
            root.context().out().println(Json.write(host.clientsDocument()));
        } else {
            // The limits each shown daemon's record says cumps applied (`cumps limits` compares them with the daemon's).
            LiveSnapshot snapshot = host.requireLive();
            root.context().out().print(ClientsRenderer.render(snapshot) + LimitsRenderer.recorded(host.recordedLimits(snapshot)));
        }
        return ExitCode.OK;
    }
}
