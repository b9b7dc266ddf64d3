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
import dev.cumps.core.grammar.CliCommand;
import dev.cumps.core.grammar.CliForm;
import dev.cumps.core.grammar.CliOption;
import dev.cumps.core.json.Json;
import dev.cumps.core.message.CumpsException;
import dev.cumps.core.message.Message;
import java.io.PrintWriter;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;

/**
 * {@code cumps fleet status|start|stop|limits|doctor}: your hosts over OpenSSH. Each host runs its own
 * {@code cumps} (installed there) with fixed words, so every safety rule is enforced on the host that
 * owns the daemon; docs/guide.md#several-workstations says how to set up keys. Each subcommand's options and
 * {@code HOST} are declared once, in the grammar table ({@code CliCommand.FLEET_*}): picocli's model is built from its
 * row and the command runs from the {@link CliForm} picocli parsed ({@code of(root, form)}). What they share, the
 * seconds and the deadline ({@link Timed}) and the host ({@link OnHost}), is read in one place.
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

    /** {@code cumps fleet} alone: {@code fleet status} with its defaults. */
    @Override
    public Integer call() {
        return StatusCommand.of(root, new CliForm(CliCommand.FLEET_STATUS, null, new String[CliOption.values().length])).call();
    }

    static Fleet fleet(RootCommand root) {
        return root.services().fleet();
    }

    /** The seconds {@code form} gives its host or hosts: typed, else the row's default (15 or 60). */
    private static String seconds(CliForm form) {
        return form.valueOrDefault(CliOption.TIMEOUT);
    }

    /** What every subcommand has: the root and the seconds its host or hosts get ({@code --timeout}, checked when asked). */
    abstract static class Timed {
        final RootCommand root;
        // As of(root, form) reads it; declared once, in the grammar table.
        String seconds;

        Timed(RootCommand root) {
            this.root = root;
        }

        Duration deadline() {
            return FleetTimeout.deadline(this, seconds);
        }
    }

    /** A subcommand run on one {@code HOST}: its parameter, read with the seconds from the parsed form. */
    abstract static class OnHost extends Timed {
        // As of(root, form) reads it; declared once, in the grammar table.
        String host;

        OnHost(RootCommand root) {
            super(root);
        }

        /** Reads {@code HOST} and the seconds of {@code form}, for the subcommands' {@code of}. */
        void readHost(CliForm form) {
            host = form.parameter();
            seconds = seconds(form);
        }

        /** The host, or an error saying what a valid ssh destination looks like. */
        Destination destination() {
            return Destination.of(host);
        }
    }

    /** {@code cumps fleet status [--json] [--timeout S]}. */
    @Command(name = "status",
            description = "Read every host in parallel (`cumps status --json` over ssh), each within the deadline: one line per host,"
                    + " or one JSON document keyed by host.",
            exitCodeListHeading = ExitCode.HEADING,
            exitCodeList = {"0:every host answered", "1:a host did not answer (its state says why), or there are no hosts"})
    public static final class StatusCommand extends Timed implements Callable<Integer> {
        // The option, as of(root, form) reads it; declared once, in the grammar table (CliCommand.FLEET_STATUS).
        private boolean json;

        public StatusCommand(RootCommand root) {
            super(root);
        }

        /** The command for a form the grammar table describes, as picocli parsed it. */
        public static StatusCommand of(RootCommand root, CliForm form) {
            StatusCommand command = new StatusCommand(root);
            command.json = form.has(CliOption.JSON);
            command.seconds = seconds(form);
            return command;
        }

        @Override
        public Integer call() {
            Duration deadline = deadline();
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
    static int remote(RootCommand root, Destination host, RemoteCommand command, Duration deadline) {
        RemoteRun run = fleet(root).run(host, command, deadline);
        if (run.succeeded()) {
            root.context().out().print(shown(run.stdout()));
            return ExitCode.OK;
        }
        throw new CumpsException(run.failureMessage());
    }

    /** {@code cumps fleet start HOST [--gpus SEL] [--name N]}. */
    @Command(name = "start",
            description = "Start a daemon on HOST (`cumps start` there, detached); prints the host's record.",
            exitCodeListHeading = ExitCode.HEADING,
            exitCodeList = {"0:started", "1:an invalid name or selector (refused here), the host did not answer, or its cumps refused"})
    public static final class StartCommand extends OnHost implements Callable<Integer> {
        // The options, as of(root, form) reads them; declared once, in the grammar table (CliCommand.FLEET_START).
        private String gpus;
        private String name;

        public StartCommand(RootCommand root) {
            super(root);
        }

        /** The command for a form the grammar table describes, as picocli parsed it. */
        public static StartCommand of(RootCommand root, CliForm form) {
            StartCommand command = new StartCommand(root);
            command.readHost(form);
            command.gpus = form.value(CliOption.GPUS);
            command.name = form.value(CliOption.NAME);
            return command;
        }

        @Override
        public Integer call() {
            Destination d = destination();
            RemoteCommand command = RemoteCommand.start(gpus, name);
            return remote(root, d, command, deadline());
        }
    }

    /** {@code cumps fleet stop HOST --name N}. */
    @Command(name = "stop",
            description = "Stop a daemon on HOST (`cumps stop --name N` there, which verifies its pid and start time).",
            exitCodeListHeading = ExitCode.HEADING,
            exitCodeList = {"0:stopped", "1:an invalid name (refused here), the host did not answer, or its cumps refused"})
    public static final class StopCommand extends OnHost implements Callable<Integer> {
        // The option, as of(root, form) reads it; declared once, in the grammar table (CliCommand.FLEET_STOP).
        private String name;

        public StopCommand(RootCommand root) {
            super(root);
        }

        /** The command for a form the grammar table describes, as picocli parsed it. */
        public static StopCommand of(RootCommand root, CliForm form) {
            StopCommand command = new StopCommand(root);
            command.readHost(form);
            command.name = form.value(CliOption.NAME);
            return command;
        }

        @Override
        public Integer call() {
            Destination d = destination();
            RemoteCommand command = RemoteCommand.stop(name);
            return remote(root, d, command, deadline());
        }
    }

    /** {@code cumps fleet limits HOST --name N [--json] [--set-active-thread-percentage P] [--set-pinned-mem-limit SIZE]}. */
    @Command(name = "limits",
            description = "Show or set the MPS limits of daemon N on HOST (`cumps limits --name N` there); the values are checked here"
                    + " first, by the rules of `cumps limits`.",
            exitCodeListHeading = ExitCode.HEADING,
            exitCodeList = {"0:shown, or set and recorded on the host", "1:an invalid name (refused here), the host did not answer, or its"
                    + " cumps refused", "2:a bad value (refused here, before ssh runs)"})
    public static final class LimitsCommand extends OnHost implements Callable<Integer> {
        // The options, as of(root, form) reads them; declared once, in the grammar table (CliCommand.FLEET_LIMITS).
        private String name;
        private boolean json;
        private Integer setPercentage;
        private Long setPinnedMiB;

        public LimitsCommand(RootCommand root) {
            super(root);
        }

        /** The command for a form the grammar table describes, as picocli parsed it (its converters checked the values). */
        public static LimitsCommand of(RootCommand root, CliForm form) {
            LimitsCommand command = new LimitsCommand(root);
            command.readHost(form);
            command.name = form.value(CliOption.NAME);
            command.json = form.has(CliOption.JSON);
            command.setPercentage = LimitOption.setPercentage(form);
            command.setPinnedMiB = LimitOption.setPinnedMiB(form);
            return command;
        }

        @Override
        public Integer call() {
            Destination d = destination();
            RemoteCommand command = RemoteCommand.limits(name, LimitOption.limits(setPercentage, setPinnedMiB), json);
            return remote(root, d, command, deadline());
        }
    }

    /** {@code cumps fleet doctor HOST}. */
    @Command(name = "doctor",
            description = "Run `cumps doctor --json` on HOST and print its document.",
            exitCodeListHeading = ExitCode.HEADING,
            exitCodeList = {"0:the host's doctor ran (its verdict is in the document)", "1:the host did not answer"})
    public static final class DoctorCommand extends OnHost implements Callable<Integer> {
        // Its parameter and option are read by OnHost.readHost; declared once, in the grammar table (CliCommand.FLEET_DOCTOR).

        public DoctorCommand(RootCommand root) {
            super(root);
        }

        /** The command for a form the grammar table describes, as picocli parsed it. */
        public static DoctorCommand of(RootCommand root, CliForm form) {
            DoctorCommand command = new DoctorCommand(root);
            command.readHost(form);
            return command;
        }

        @Override
        public Integer call() {
            Destination d = destination();
            RemoteRun run = fleet(root).run(d, RemoteCommand.doctor(), deadline());
            // doctor exits 1 when a check fails; its document is the answer all the same.
            if (run.state().answered() && run.stdout().strip().startsWith("{")) {
                root.context().out().print(shown(run.stdout()));
                return ExitCode.OK;
            }
            throw new CumpsException(run.failureMessage());
        }
    }
}
