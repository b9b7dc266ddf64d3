package dev.cumps.core.cli.command;

import dev.cumps.core.cli.text.StatusRenderer;
import dev.cumps.core.grammar.CliForm;
import dev.cumps.core.grammar.CliOption;
import dev.cumps.core.json.Json;
import dev.cumps.core.live.LiveSnapshotService.Detail;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;

/** {@code cumps status [--json]}: GPUs, control pipes and daemon records; read-only, exit 0. */
@Command(name = "status", description = "Show GPUs, control pipes and daemon records (read-only).")
public final class StatusCommand implements Callable<Integer> {
    private final RootCommand root;
    // The options, as of(root, form) reads them; declared once, in the grammar table (CliCommand.STATUS).
    private boolean json;

    public StatusCommand(RootCommand root) {
        this.root = root;
    }

    /** The command for a form the grammar table describes, read by the fast parser or by picocli. */
    public static StatusCommand of(RootCommand root, CliForm form) {
        StatusCommand command = new StatusCommand(root);
        command.json = form.has(CliOption.JSON);
        return command;
    }

    @Override
    public Integer call() {
        if (json) {
            // uni-cumps's keys stay as they are; the live snapshot (servers, clients, GPU load) is added under "live",
            // built from the same nvidia-smi query and the same records: it asks nothing more with no live daemon.
            root.context().out().println(Json.write(root.services().snapshots().read(Detail.FULL).statusDocument()));
        } else {
            root.context().out().print(StatusRenderer.render(root.services().snapshots().read(Detail.NONE).status()));
        }
        return ExitCode.OK;
    }
}
