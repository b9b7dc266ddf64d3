package dev.cumps.core.cli.command;

import dev.cumps.core.CoreServices;
import dev.cumps.core.cli.text.StartRenderer;
import dev.cumps.core.exec.ProcessSpawner;
import dev.cumps.core.lifecycle.StartRequest;
import dev.cumps.core.message.CumpsException;
import dev.cumps.core.message.Message;
import dev.cumps.core.mps.MpsLimits;
import dev.cumps.core.record.DaemonRecord;
import java.io.PrintWriter;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.OptionalInt;
import java.util.OptionalLong;
import java.util.concurrent.Callable;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;

/** {@code cumps start}: one daemon pinned to one GPU, recorded; prints the record as JSON. */
@Command(name = "start", mixinStandardHelpOptions = true,
        description = "Start one MPS control daemon pinned to one GPU and record it.",
        exitCodeListHeading = ExitCode.HEADING,
        exitCodeList = {"0:started and recorded",
                "1:refused or failed (a daemon that does not take the limits is stopped again)",
                "2:a bad limit value, or --daemon with --foreground"})
public final class StartCommand implements Callable<Integer> {
    private final RootCommand root;

    @Option(names = "--gpus", paramLabel = "SEL", description = "GPU index or UUID (default: the sole visible GPU).")
    String gpus;

    @Option(names = "--name", paramLabel = "N", description = "Daemon name (default: gpu-<uuid>).")
    String name;

    @Option(names = "--pipe-dir", paramLabel = "D", converter = PathOption.class,
            description = "Pipe directory (default: ${TMPDIR:-/tmp}/uni-cumps-<uid>/<name>/pipe).")
    Path pipeDir;

    @Option(names = "--log-dir", paramLabel = "D", converter = PathOption.class,
            description = "Log directory (default: ${TMPDIR:-/tmp}/uni-cumps-<uid>/<name>/log).")
    Path logDir;

    @Option(names = "--env", paramLabel = "NAME=VALUE",
            description = "Pass this variable to the daemon (repeatable). The daemon gets only PATH, HOME, USER, LOGNAME, LANG,"
                    + " LC_*, TMPDIR from your shell, the CUDA variables cumps sets, and what --env names.")
    List<String> env = new ArrayList<>();

    @Option(names = "--active-thread-percentage", paramLabel = "P", converter = LimitOption.Percentage.class,
            description = "MPS default active thread percentage (1-100), applied once the daemon answers and recorded.")
    Integer activeThreadPercentage;

    @Option(names = "--pinned-mem-limit", paramLabel = "SIZE", converter = LimitOption.Size.class,
            description = "MPS default pinned device memory limit (e.g. 8G, 512M), applied once the daemon answers and recorded.")
    Long pinnedMemLimitMiB;

    @CommandLine.ArgGroup(exclusive = true)
    Mode mode;

    /** {@code --daemon} (the default) or {@code --foreground}, never both. */
    static final class Mode {
        @Option(names = "--daemon", description = "Run detached (default).")
        boolean daemon;

        @Option(names = "--foreground", description = "Run attached to this terminal; Ctrl-C sends quit and removes the record.")
        boolean foreground;
    }

    public StartCommand(RootCommand root) {
        this.root = root;
    }

    @Override
    public Integer call() {
        StartRequest request = new StartRequest(Optional.ofNullable(gpus), Optional.ofNullable(name),
                Optional.ofNullable(pipeDir), Optional.ofNullable(logDir), requestedEnvironment(),
                new MpsLimits(activeThreadPercentage == null ? OptionalInt.empty() : OptionalInt.of(activeThreadPercentage),
                        pinnedMemLimitMiB == null ? OptionalLong.empty() : OptionalLong.of(pinnedMemLimitMiB)));
        CoreServices services = root.services();
        if (mode != null && mode.foreground) {
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
