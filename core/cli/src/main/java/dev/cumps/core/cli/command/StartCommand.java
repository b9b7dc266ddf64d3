package dev.cumps.core.cli.command;

import dev.cumps.core.CoreServices;
import dev.cumps.core.cli.text.StartRenderer;
import dev.cumps.core.exec.ProcessSpawner;
import dev.cumps.core.grammar.CliForm;
import dev.cumps.core.grammar.CliOption;
import dev.cumps.core.lifecycle.StartRequest;
import dev.cumps.core.message.CumpsException;
import dev.cumps.core.message.Message;
import dev.cumps.core.mps.MpsLimits;
import dev.cumps.core.record.DaemonRecord;
import java.io.PrintWriter;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.OptionalInt;
import java.util.OptionalLong;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;

/** {@code cumps start}: one daemon pinned to one GPU, recorded; prints the record as JSON. */
@Command(name = "start",
        description = "Start one MPS control daemon pinned to one GPU and record it.",
        exitCodeListHeading = ExitCode.HEADING,
        exitCodeList = {"0:started and recorded",
                "1:refused or failed (a daemon that does not take the limits is stopped again)",
                "2:a bad limit value, or --daemon with --foreground"})
public final class StartCommand implements Callable<Integer> {
    private final RootCommand root;

    // The options, as of(root, form) reads them; declared once, in the grammar table (CliCommand.START).
    private String gpus;
    private String name;
    private Path pipeDir;
    private Path logDir;
    private List<String> env = List.of();
    private Integer activeThreadPercentage;
    private Long pinnedMemLimitMiB;
    private boolean foreground;

    public StartCommand(RootCommand root) {
        this.root = root;
    }

    /**
     * The command for a form the grammar table describes, as picocli parsed it (whose converters have refused a bad
     * path or limit as a usage error already, and its exclusive group {@code --daemon} with {@code --foreground}).
     */
    public static StartCommand of(RootCommand root, CliForm form) {
        StartCommand command = new StartCommand(root);
        command.gpus = form.value(CliOption.GPUS);
        command.name = form.value(CliOption.NAME);
        command.pipeDir = path(form.value(CliOption.PIPE_DIR));
        command.logDir = path(form.value(CliOption.LOG_DIR));
        command.env = form.all(CliOption.ENV);
        String percentage = form.value(CliOption.ACTIVE_THREAD_PERCENTAGE);
        command.activeThreadPercentage = percentage == null ? null : MpsLimits.parsePercentage(percentage);
        String pinned = form.value(CliOption.PINNED_MEM_LIMIT);
        command.pinnedMemLimitMiB = pinned == null ? null : MpsLimits.parseSizeMiB(pinned);
        command.foreground = form.has(CliOption.FOREGROUND);
        return command;
    }

    private static Path path(String value) {
        return value == null ? null : PathOption.parse(value);
    }

    @Override
    public Integer call() {
        StartRequest request = new StartRequest(Optional.ofNullable(gpus), Optional.ofNullable(name),
                Optional.ofNullable(pipeDir), Optional.ofNullable(logDir), requestedEnvironment(),
                new MpsLimits(activeThreadPercentage == null ? OptionalInt.empty() : OptionalInt.of(activeThreadPercentage),
                        pinnedMemLimitMiB == null ? OptionalLong.empty() : OptionalLong.of(pinnedMemLimitMiB)));
        CoreServices services = root.services();
        if (foreground) {
            return foreground(services, request);
        }
        DaemonRecord record = services.starter().start(request, stage -> { });
        root.context().out().println(StartRenderer.started(record));
        return ExitCode.OK;
    }

    /** The {@code --env NAME=VALUE} entries, in order; a later entry for a name wins. */
    private Map<String, String> requestedEnvironment() {
        Map<String, String> requested = new LinkedHashMap<>();
        for (String entry : env) {
            int eq = entry.indexOf('=');
            if (eq <= 0) {
                throw new CumpsException(Message.of(CommandMessages.ENV_NOT_NAME_VALUE, entry.replace("\n", "\\n")));
            }
            requested.put(entry.substring(0, eq), entry.substring(eq + 1));
        }
        return requested;
    }

    private int foreground(CoreServices services, StartRequest request) {
        PrintWriter out = root.context().out();
        ForegroundQuitHook hook = new ForegroundQuitHook(services.foreground());
        int code = services.foreground().run(request, ProcessSpawner.inheritingIo(), r -> {
            hook.recorded(r);
            out.println(StartRenderer.started(r));
            out.flush();
        }, stage -> { });
        hook.withdraw();
        return code == 0 ? ExitCode.OK : ExitCode.FAILED;
    }
}
