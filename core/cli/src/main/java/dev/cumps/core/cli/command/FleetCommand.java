package dev.cumps.core.cli.command;

import dev.cumps.core.cli.text.TerminalEscapes;
import dev.cumps.core.fleet.Destination;
import dev.cumps.core.fleet.Fleet;
import dev.cumps.core.fleet.Fleet.RemoteRun;
import dev.cumps.core.fleet.FleetJson;
import dev.cumps.core.fleet.FleetMessages;
import dev.cumps.core.fleet.HostList;
import dev.cumps.core.fleet.HostReport;
import dev.cumps.core.fleet.RemoteCommand;
import dev.cumps.core.json.Json;
import dev.cumps.core.message.CumpsException;
import dev.cumps.core.message.Message;
import java.io.PrintWriter;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;

/**
 * {@code cumps fleet status|start|stop|limits|doctor}: your hosts over OpenSSH. Each host runs its own
 * {@code cumps} (installed there) with fixed words, so every safety rule is enforced on the host that
 * owns the daemon; docs/guide.md#several-workstations says how to set up keys.
 */
@Command(name = "fleet", mixinStandardHelpOptions = true,
        description = "Read your hosts over ssh (`cumps hosts`) and run cumps on them.",
        exitCodeListHeading = ExitCode.HEADING,
        exitCodeList = {"0:done", "1:a host did not answer or its cumps failed"})
public final class FleetCommand implements Callable<Integer> {
    private final RootCommand root;

    public FleetCommand(RootCommand root) {
        this.root = root;
    }

    @Override
    public Integer call() {
        return new StatusCommand(root).call();
    }

    static Fleet fleet(RootCommand root) {
        return root.services().fleet();
    }

    /** {@code cumps fleet status [--json] [--timeout S]}. */
    @Command(name = "status", mixinStandardHelpOptions = true,
            description = "Read every host in parallel (`cumps status --json` over ssh), each within the deadline: one line per host,"
                    + " or one JSON document keyed by host.",
            exitCodeListHeading = ExitCode.HEADING,
            exitCodeList = {"0:every host answered", "1:a host did not answer (its state says why), or there are no hosts"},
            defaultValueProvider = FleetTimeout.StatusDefault.class)
    public static final class StatusCommand implements Callable<Integer> {
        private final RootCommand root;

        @Option(names = "--json", description = "Machine-readable output: {\"schema_version\", \"hosts\": {HOST: {...}}}.")
        boolean json;

        @Mixin
        FleetTimeout timeout;

        public StatusCommand(RootCommand root) {
            this.root = root;
        }

        @Override
        public Integer call() {
            Duration deadline = timeout.deadline();
            HostList list = HostList.of(root.context().host());
            List<Destination> hosts = list.load();
            if (hosts.isEmpty()) {
                throw new CumpsException(Message.of(FleetMessages.NO_HOSTS, list.file().toString()));
            }
            List<HostReport> reports = fleet(root).readAll(hosts, deadline);
            PrintWriter out = root.context().out();
            if (json) {
                out.println(Json.write(FleetJson.toJsonMap(reports)));
            } else {
                int width = hosts.stream().mapToInt(h -> h.value().length()).max().orElse(4);
                // A host's words (its state, versions, daemon names, evidence) are the host's: one line each, escaped.
                reports.forEach(r -> out.println(TerminalEscapes.escape(FleetJson.line(r, width))));
            }
            long silent = reports.stream().filter(r -> !r.answered()).count();
            if (silent > 0) {
                root.context().err().println("error: " + Message.of(FleetMessages.SOME_HOSTS_DID_NOT_ANSWER, silent).english());
                return ExitCode.FAILED;
            }
            return ExitCode.OK;
        }
    }

    /**
     * What a host printed, fit for this terminal: a JSON document is read and written again by our own writer
     * (same keys, sorted, every control and non-ASCII character escaped as JSON escapes it), anything else is
     * shown line by line with every control character but the line feed escaped. A hostile host can then
     * neither set the terminal's title, clear the screen, nor print a line that looks like another host's.
     */
    static String shown(String hostOutput) {
        String trimmed = hostOutput.strip();
        if (trimmed.startsWith("{") || trimmed.startsWith("[")) {
            try {
                return Json.write(Json.read(trimmed)) + "\n";
            } catch (CumpsException e) {
                // Not JSON after all: shown as text, escaped.
            }
        }
        return TerminalEscapes.escapeLines(hostOutput);
    }

    /** Runs one remote command on {@code host} (validated by the caller) and prints what the host's cumps printed. */
    static int remote(RootCommand root, Destination host, RemoteCommand command, FleetTimeout timeout) {
        RemoteRun run = fleet(root).run(host, command, timeout.deadline());
        if (run.succeeded()) {
            root.context().out().print(shown(run.stdout()));
            return ExitCode.OK;
        }
        throw new CumpsException(run.failureMessage());
    }

    /** {@code cumps fleet start HOST [--gpus SEL] [--name N]}. */
    @Command(name = "start", mixinStandardHelpOptions = true,
            description = "Start a daemon on HOST (`cumps start` there, detached); prints the host's record.",
            exitCodeListHeading = ExitCode.HEADING,
            exitCodeList = {"0:started", "1:an invalid name or selector (refused here), the host did not answer, or its cumps refused"},
            defaultValueProvider = FleetTimeout.HostDefault.class)
    public static final class StartCommand implements Callable<Integer> {
        private final RootCommand root;

        @Mixin
        FleetHost host;

        @Option(names = "--gpus", paramLabel = "SEL", description = "GPU indexes or UUIDs on that host (default: its sole visible GPU).")
        String gpus;

        @Option(names = "--name", paramLabel = "N", description = "Daemon name (default: gpu-<uuid>).")
        String name;

        @Mixin
        FleetTimeout timeout;

        public StartCommand(RootCommand root) {
            this.root = root;
        }

        @Override
        public Integer call() {
            Destination d = host.destination();
            return remote(root, d, RemoteCommand.start(gpus, name), timeout);
        }
    }

    /** {@code cumps fleet stop HOST --name N}. */
    @Command(name = "stop", mixinStandardHelpOptions = true,
            description = "Stop a daemon on HOST (`cumps stop --name N` there, which verifies its pid and start time).",
            exitCodeListHeading = ExitCode.HEADING,
            exitCodeList = {"0:stopped", "1:an invalid name (refused here), the host did not answer, or its cumps refused"},
            defaultValueProvider = FleetTimeout.HostDefault.class)
    public static final class StopCommand implements Callable<Integer> {
        private final RootCommand root;

        @Mixin
        FleetDaemon daemon;

        @Mixin
        FleetTimeout timeout;

        public StopCommand(RootCommand root) {
            this.root = root;
        }

        @Override
        public Integer call() {
            Destination d = daemon.destination();
            return remote(root, d, RemoteCommand.stop(daemon.name), timeout);
        }
    }

    /** {@code cumps fleet limits HOST --name N [--json] [--set-active-thread-percentage P] [--set-pinned-mem-limit SIZE]}. */
    @Command(name = "limits", mixinStandardHelpOptions = true,
            description = "Show or set the MPS limits of daemon N on HOST (`cumps limits --name N` there); the values are checked here"
                    + " first, by the rules of `cumps limits`.",
            exitCodeListHeading = ExitCode.HEADING,
            exitCodeList = {"0:shown, or set and recorded on the host", "1:an invalid name (refused here), the host did not answer, or its"
                    + " cumps refused", "2:a bad value (refused here, before ssh runs)"},
            defaultValueProvider = FleetTimeout.HostDefault.class)
    public static final class LimitsCommand implements Callable<Integer> {
        private final RootCommand root;

        @Mixin
        FleetDaemon daemon;

        @Option(names = "--json", description = "Machine-readable output (the host's `cumps limits --json`).")
        boolean json;

        @Option(names = "--set-active-thread-percentage", paramLabel = "P", converter = LimitOption.Percentage.class,
                description = "Set the active thread percentage (1-100) there.")
        Integer setPercentage;

        @Option(names = "--set-pinned-mem-limit", paramLabel = "SIZE", converter = LimitOption.Size.class,
                description = "Set the pinned device memory limit (e.g. 8G, 512M) there.")
        Long setPinnedMiB;

        @Mixin
        FleetTimeout timeout;

        public LimitsCommand(RootCommand root) {
            this.root = root;
        }

        @Override
        public Integer call() {
            Destination d = daemon.destination();
            return remote(root, d, RemoteCommand.limits(daemon.name, LimitOption.limits(setPercentage, setPinnedMiB), json), timeout);
        }
    }

    /** {@code cumps fleet doctor HOST}. */
    @Command(name = "doctor", mixinStandardHelpOptions = true,
            description = "Run `cumps doctor --json` on HOST and print its document.",
            exitCodeListHeading = ExitCode.HEADING,
            exitCodeList = {"0:the host's doctor ran (its verdict is in the document)", "1:the host did not answer"},
            defaultValueProvider = FleetTimeout.HostDefault.class)
    public static final class DoctorCommand implements Callable<Integer> {
        private final RootCommand root;

        @Mixin
        FleetHost host;

        @Mixin
        FleetTimeout timeout;

        public DoctorCommand(RootCommand root) {
            this.root = root;
        }

        @Override
        public Integer call() {
            Destination d = host.destination();
            RemoteRun run = fleet(root).run(d, RemoteCommand.doctor(), timeout.deadline());
            // doctor exits 1 when a check fails; its document is the answer all the same.
            if (run.state().answered() && run.stdout().strip().startsWith("{")) {
                root.context().out().print(shown(run.stdout()));
                return ExitCode.OK;
            }
            throw new CumpsException(run.failureMessage());
        }
    }
}
