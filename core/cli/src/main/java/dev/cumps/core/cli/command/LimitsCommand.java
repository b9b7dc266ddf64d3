package dev.cumps.core.cli.command;

import dev.cumps.core.cli.text.LimitsRenderer;
import dev.cumps.core.grammar.CliForm;
import dev.cumps.core.grammar.CliOption;
import dev.cumps.core.json.Json;
import dev.cumps.core.live.DaemonLimits;
import dev.cumps.core.live.LimitsJson;
import dev.cumps.core.live.LimitsService;
import dev.cumps.core.message.Message;
import dev.cumps.core.mps.MpsLimits;
import dev.cumps.core.status.HostStatus;
import java.io.PrintWriter;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;

/**
 * {@code cumps limits [--name N] [--json] [--set-active-thread-percentage P] [--set-pinned-mem-limit SIZE]}:
 * without {@code --set-*}, each live daemon's MPS limits as recorded and as the daemon reports them
 * (read-only, exit 0); with them, sets them on the live daemon {@code --name} and prints the new values.
 */
@Command(name = "limits",
        description = "Show the MPS limits of your live daemons (recorded and current), or set them on one with --set-*.",
        exitCodeListHeading = ExitCode.HEADING,
        exitCodeList = {"0:the limits were shown, or set and recorded",
                "1:a missing, foreign, unreadable or stale record, or a daemon that is not verified as the record's, does not answer or refuses a value",
                "2:a bad value, or --set-* without --name"})
public final class LimitsCommand implements Callable<Integer> {
    private final RootCommand root;
    // The options, as of(root, form) reads them; declared once, in the grammar table (CliCommand.LIMITS).
    private String name;
    private boolean json;
    private Integer setPercentage;
    private Long setPinnedMiB;

    public LimitsCommand(RootCommand root) {
        this.root = root;
    }

    /** The command for a form the grammar table describes, read by the fast parser or by picocli. */
    public static LimitsCommand of(RootCommand root, CliForm form) {
        LimitsCommand command = new LimitsCommand(root);
        command.name = form.value(CliOption.NAME);
        command.json = form.has(CliOption.JSON);
        command.setPercentage = LimitOption.setPercentage(form);
        command.setPinnedMiB = LimitOption.setPinnedMiB(form);
        return command;
    }

    @Override
    public Integer call() {
        LimitsService service = root.services().limits();
        PrintWriter out = root.context().out();
        if (setPercentage == null && setPinnedMiB == null) {
            List<DaemonLimits> daemons = name == null ? service.readAll() : List.of(service.read(name));
            out.print(json ? Json.write(jsonOf(daemons, null)) + "\n" : LimitsRenderer.render(daemons));
            return ExitCode.OK;
        }
        if (name == null) {
            throw UsageError.of(this,
                    "--set-active-thread-percentage and --set-pinned-mem-limit need --name N: the daemon whose limits to change");
        }
        MpsLimits limits = LimitOption.limits(setPercentage, setPinnedMiB);
        Message outcome = service.set(name, limits);
        List<DaemonLimits> after = List.of(service.read(name));
        out.print(json ? Json.write(jsonOf(after, outcome)) + "\n" : outcome.english() + "\n" + LimitsRenderer.render(after));
        return ExitCode.OK;
    }

    private static Map<String, Object> jsonOf(List<DaemonLimits> daemons, Message outcome) {
        Map<String, Object> map = new LinkedHashMap<>();
        map.put("schema_version", HostStatus.SCHEMA_VERSION);
        map.putAll(LimitsJson.toJsonMap(daemons));
        if (outcome != null) {
            map.put("outcome", outcome.english());
        }
        return map;
    }
}
