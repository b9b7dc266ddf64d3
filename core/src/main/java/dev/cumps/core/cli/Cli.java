package dev.cumps.core.cli;

import dev.cumps.core.CoreServices;
import dev.cumps.core.Simulation;
import dev.cumps.core.message.CumpsException;
import dev.cumps.core.doctor.CheckStatus;
import dev.cumps.core.doctor.DoctorCheck;
import dev.cumps.core.doctor.DoctorReport;
import dev.cumps.core.env.LaunchEnvironment;
import dev.cumps.core.exec.ProcessSpawner;
import dev.cumps.core.host.HostEnvironment;
import dev.cumps.core.json.Json;
import dev.cumps.core.lifecycle.StartRequest;
import dev.cumps.core.lifecycle.StopOutcome;
import dev.cumps.core.record.DaemonRecord;
import dev.cumps.core.record.ManagedDaemon;
import dev.cumps.core.record.UnreadableRecord;
import dev.cumps.core.status.HostStatus;
import java.io.IOException;
import java.io.InputStream;
import java.io.PrintWriter;
import java.nio.file.Path;
import java.time.Instant;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Properties;
import java.util.concurrent.Callable;
import java.util.concurrent.atomic.AtomicReference;
import java.util.function.Function;
import picocli.AutoComplete;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;

/**
 * The {@code cumps} command line: parsing and formatting only; every decision is a call into
 * {@link CoreServices}. Errors are one line {@code error: ...} on stderr with exit 1; usage errors
 * exit 2; no stack trace reaches the user.
 */
public final class Cli {
    public static final int OK = 0;
    public static final int FAILED = 1;
    public static final int USAGE = 2;

    private final HostEnvironment host;
    private final PrintWriter out;
    private final PrintWriter err;
    private final Function<Cli.Globals, CoreServices> servicesFactory;

    public Cli(HostEnvironment host, PrintWriter out, PrintWriter err) {
        this(host, out, err, null);
    }

    /** With a custom factory (tests wire fakes); null means the real services for the globals given. */
    public Cli(HostEnvironment host, PrintWriter out, PrintWriter err, Function<Globals, CoreServices> servicesFactory) {
        this.host = host;
        this.out = out;
        this.err = err;
        this.servicesFactory = servicesFactory != null ? servicesFactory : this::realServices;
    }

    /** The global options as parsed. */
    public record Globals(Optional<Path> records, boolean simulate) {
    }

    /**
     * Runs one command line and returns the exit status. Whatever happens, the user sees at most one
     * line {@code error: ...}: picocli hands exceptions to the execution exception handler, and any
     * {@link Throwable} that escapes it (an {@link Error} such as {@link OutOfMemoryError}) is caught
     * here as the last resort.
     */
    public int run(String... args) {
        try {
            return runCommand(args);
        } catch (Throwable t) {
            LastResort.log(t);
            err.println(LastResort.unexpected("cumps" + (args.length > 0 && !args[0].startsWith("-") ? " " + args[0] : ""), t));
            err.flush();
            return FAILED;
        }
    }

    private static String commandName(CommandLine commandLine) {
        return commandLine == null ? "cumps" : commandLine.getCommandSpec().qualifiedName();
    }

    private int runCommand(String... args) {
        try {
            Root root = new Root();
            // status, env and stop in their plain forms skip picocli (docs/performance.md); the rest,
            // including every form that is help or an error, goes through picocli.
            Integer fast = FastPath.execute(this, root, args);
            int code = fast != null ? fast : commandLine(root).execute(args);
            if (code == OK && root.services != null && root.services.simulated()) {
                // JSON and export output cannot carry a banner, so the reminder goes to stderr.
                err.println("note: SIMULATED host (stand-in NVIDIA tools, records in " + root.services.records().root()
                        + "); no real GPU was touched");
            }
            return code;
        } finally {
            out.flush();
            err.flush();
        }
    }

    CommandLine commandLine() {
        return commandLine(new Root());
    }

    private CommandLine commandLine(Root root) {
        CommandLine cmd = new CommandLine(root);
        cmd.addSubcommand(new StatusCmd(root));
        cmd.addSubcommand(new DoctorCmd(root));
        cmd.addSubcommand(new StartCmd(root));
        cmd.addSubcommand(new StopCmd(root));
        cmd.addSubcommand(new EnvCmd(root));
        cmd.addSubcommand(new CompletionCmd(cmd));
        addSimulationCommands(cmd, root);
        cmd.setOut(out);
        cmd.setErr(err);
        cmd.setParameterExceptionHandler((ex, args) -> {
            err.println("error: " + oneLine(ex.getMessage()) + " (see `cumps --help`)");
            return USAGE;
        });
        cmd.setExecutionExceptionHandler((ex, commandLine, parseResult) -> failure(ex, commandName(commandLine)));
        return cmd;
    }

    /** A command that threw: one line on stderr, exit 1. {@code command} names it, e.g. {@code cumps status}. */
    int failure(Exception ex, String command) {
        if (ex instanceof CumpsException) {
            err.println("error: " + oneLine(ex.getMessage()));
        } else {
            LastResort.log(ex);
            err.println(LastResort.unexpected(command, ex));
        }
        return FAILED;
    }

    /** Hook for the simulated host's extra commands; see {@code addSimulationCommands}. */
    private void addSimulationCommands(CommandLine cmd, Root root) {
        cmd.addSubcommand(new ResetCmd(root));
    }

    /** The message as one printable line: line breaks become spaces, other control characters are shown escaped. */
    static String oneLine(String message) {
        return message == null ? "" : Printable.escape(message.strip().replace('\n', ' '));
    }

    private CoreServices realServices(Globals globals) {
        if (globals.simulate()) {
            return Simulation.cliSandbox(host).services(globals.records());
        }
        return CoreServices.real(host, globals.records(), false);
    }

    private void printJson(Object value) {
        out.println(Json.write(value));
    }

    static String version() {
        Properties p = new Properties();
        try (InputStream in = Cli.class.getResourceAsStream("version.properties")) {
            if (in != null) {
                p.load(in);
            }
        } catch (IOException e) {
            // Fall through to "unknown".
        }
        return p.getProperty("version", "unknown");
    }

    // ------------------------------------------------------------------ commands

    @Command(name = "cumps", mixinStandardHelpOptions = true, versionProvider = VersionProvider.class,
            description = "Start, stop, inspect and diagnose your own NVIDIA CUDA MPS control daemons.",
            subcommandsRepeatable = false,
            footer = {"", "Records: ~/.cache/unilab/cuda-mps/<name>/daemon.json (shared with uni-cumps).",
                    "Exit status: 0 success, 1 failure (one line `error: ...` on stderr), 2 usage error."})
    final class Root implements Callable<Integer> {
        @Option(names = "--records", paramLabel = "DIR", converter = PathOption.class, scope = CommandLine.ScopeType.INHERIT,
                description = "Record directory (default: ~/.cache/unilab/cuda-mps).")
        Path records;

        @Option(names = "--simulate", scope = CommandLine.ScopeType.INHERIT,
                description = "Run against a simulated NVIDIA host (stand-in tools, private sandbox); no GPU needed.")
        boolean simulate;

        @CommandLine.Spec
        CommandLine.Model.CommandSpec spec;

        private CoreServices services;

        CoreServices services() {
            if (services == null) {
                services = servicesFactory.apply(new Globals(Optional.ofNullable(records), simulate));
            }
            return services;
        }

        Globals globals() {
            return new Globals(Optional.ofNullable(records), simulate);
        }

        @Override
        public Integer call() {
            spec.commandLine().usage(out);
            return USAGE;
        }
    }

    static final class VersionProvider implements CommandLine.IVersionProvider {
        @Override
        public String[] getVersion() {
            return new String[] {"cumps " + version()};
        }
    }

    @Command(name = "status", mixinStandardHelpOptions = true, description = "Show GPUs, control pipes and daemon records (read-only).")
    final class StatusCmd implements Callable<Integer> {
        private final Root root;

        @Option(names = "--json", description = "Machine-readable output.")
        boolean json;

        StatusCmd(Root root) {
            this.root = root;
        }

        @Override
        public Integer call() {
            HostStatus status = root.services().status().collect();
            if (json) {
                printJson(status.toJsonMap());
            } else {
                printStatus(status);
            }
            return OK;
        }
    }

    private void printStatus(HostStatus s) {
        if (s.simulated()) {
            out.println("SIMULATED host (stand-in NVIDIA tools; no real GPU is touched)");
        }
        out.println("platform: " + s.platform() + "   nvidia-smi: " + (s.nvidiaSmiAvailable() ? "available" : "not available")
                + s.driverVersion().map(d -> "   driver: " + d).orElse("")
                + "   CUDA_VISIBLE_DEVICES: " + s.cudaVisibleDevices().map(Printable::escape).orElse("(unset)"));
        s.diagnostic().ifPresent(d -> out.println("diagnostic: " + Printable.escape(d)));
        out.println();
        out.println("GPUs");
        TextTable gpus = new TextTable("INDEX", "UUID", "NAME", "COMPUTE MODE", "MEMORY", "MIG", "VISIBLE", "DAEMON");
        for (HostStatus.GpuRow row : s.gpus()) {
            var g = row.gpu();
            gpus.row(g.index(), g.uuid(), g.name(), g.computeMode(), g.memoryTotalMiB().map(m -> m + " MiB").orElse("-"),
                    g.migMode().orElse("-"), row.visible() ? "yes" : "no", row.daemonNames().isEmpty() ? "-" : String.join(",", row.daemonNames()));
        }
        out.print(gpus.isEmpty() ? "  (none)\n" : gpus.render("  "));
        out.println();
        out.println("Control pipes");
        TextTable pipes = new TextTable("PATH", "KIND", "OWNER");
        for (HostStatus.PipeRow p : s.controlPipes()) {
            pipes.row(p.path(), p.kind().id(), p.managed() ? String.join(",", p.managedNames()) : "UNMANAGED (read-only)");
        }
        out.print(pipes.isEmpty() ? "  (none)\n" : pipes.render("  "));
        out.println();
        out.println("Daemons (records in " + s.recordRoot() + ")");
        TextTable daemons = new TextTable("NAME", "STATE", "PID", "START TICKS", "GPU", "PIPE DIRECTORY", "CREATED");
        for (ManagedDaemon d : s.daemons()) {
            DaemonRecord r = d.record();
            daemons.row(r.name(), d.state().id().toUpperCase(java.util.Locale.ROOT), r.pid(), r.processStartTicks(),
                    String.join(",", r.gpuUuids()), r.pipeDirectory(), Instant.ofEpochMilli((long) (r.createdAt() * 1000)));
        }
        for (UnreadableRecord u : s.unreadable()) {
            daemons.row(u.name(), "UNREADABLE", "-", "-", "-", u.reason(), "-");
        }
        out.print(daemons.isEmpty() ? "  (none)\n" : daemons.render("  "));
    }

    @Command(name = "doctor", mixinStandardHelpOptions = true,
            description = "Diagnose the host for one GPU selector (read-only). Exit 0 when valid, 1 otherwise.")
    final class DoctorCmd implements Callable<Integer> {
        private final Root root;

        @Option(names = "--gpus", paramLabel = "SEL", description = "GPU index, UUID, comma list, or all.")
        String gpus;

        @Option(names = "--json", description = "Machine-readable output.")
        boolean json;

        DoctorCmd(Root root) {
            this.root = root;
        }

        @Override
        public Integer call() {
            DoctorReport report = root.services().doctor().run(Optional.ofNullable(gpus));
            if (json) {
                printJson(report.toJsonMap());
            } else {
                if (root.services().simulated()) {
                    out.println("SIMULATED host");
                }
                TextTable t = new TextTable("STATUS", "CHECK", "OBSERVED", "REMEDY");
                for (DoctorCheck c : report.checks()) {
                    t.row(c.status().id().toUpperCase(java.util.Locale.ROOT), c.title(), c.observed(), c.remedy());
                }
                out.print(t.render(""));
                out.println();
                out.println((report.valid() ? "VALID" : "INVALID") + ": " + report.count(CheckStatus.PASS) + " pass, "
                        + report.count(CheckStatus.WARN) + " warn, " + report.count(CheckStatus.FAIL) + " fail, "
                        + report.count(CheckStatus.SKIP) + " skip");
            }
            return report.valid() ? OK : FAILED;
        }
    }

    @Command(name = "start", mixinStandardHelpOptions = true,
            description = "Start one MPS control daemon pinned to one GPU and record it.")
    final class StartCmd implements Callable<Integer> {
        private final Root root;

        @Option(names = "--gpus", paramLabel = "SEL", description = "GPU index or UUID (default: the sole visible GPU).")
        String gpus;

        @Option(names = "--name", paramLabel = "N", description = "Daemon name (default: gpu-<uuid>).")
        String name;

        @Option(names = "--pipe-dir", paramLabel = "D", converter = PathOption.class, description = "Pipe directory (default: ${TMPDIR:-/tmp}/uni-cumps-<uid>/<name>/pipe).")
        Path pipeDir;

        @Option(names = "--log-dir", paramLabel = "D", converter = PathOption.class, description = "Log directory (default: ${TMPDIR:-/tmp}/uni-cumps-<uid>/<name>/log).")
        Path logDir;

        @Option(names = "--env", paramLabel = "NAME=VALUE",
                description = "Pass this variable to the daemon (repeatable). The daemon gets only PATH, HOME, USER, LOGNAME, LANG,"
                        + " LC_*, TMPDIR from your shell, the CUDA variables cumps sets, and what --env names.")
        List<String> env = new ArrayList<>();

        @CommandLine.ArgGroup(exclusive = true)
        Mode mode;

        static final class Mode {
            @Option(names = "--daemon", description = "Run detached (default).")
            boolean daemon;

            @Option(names = "--foreground", description = "Run attached to this terminal; Ctrl-C sends quit and removes the record.")
            boolean foreground;
        }

        StartCmd(Root root) {
            this.root = root;
        }

        @Override
        public Integer call() {
            java.util.Map<String, String> requested = new java.util.LinkedHashMap<>();
            for (String entry : env) {
                int eq = entry.indexOf('=');
                if (eq <= 0) {
                    throw new CumpsException("--env expects NAME=VALUE, got '" + entry.replace("\n", "\\n") + "'");
                }
                requested.put(entry.substring(0, eq), entry.substring(eq + 1));
            }
            StartRequest request = new StartRequest(Optional.ofNullable(gpus), Optional.ofNullable(name),
                    Optional.ofNullable(pipeDir), Optional.ofNullable(logDir), requested);
            CoreServices services = root.services();
            if (mode != null && mode.foreground) {
                return foreground(services, request);
            }
            DaemonRecord record = services.lifecycle().start(request, stage -> { });
            printJson(record.toJsonMap());
            return OK;
        }

        private int foreground(CoreServices services, StartRequest request) {
            AtomicReference<DaemonRecord> recorded = new AtomicReference<>();
            Thread hook = new Thread(() -> {
                DaemonRecord r = recorded.get();
                if (r != null) {
                    services.lifecycle().endForeground(r);
                }
            }, "cumps-foreground-quit");
            Runtime.getRuntime().addShutdownHook(hook);
            int code = services.lifecycle().runForeground(request, ProcessSpawner.inheritingIo(), r -> {
                recorded.set(r);
                printJson(r.toJsonMap());
                out.flush();
            }, stage -> { });
            try {
                Runtime.getRuntime().removeShutdownHook(hook);
            } catch (IllegalStateException shuttingDown) {
                // Ctrl-C: the hook is already running and sends quit.
            }
            return code == 0 ? OK : FAILED;
        }
    }

    @Command(name = "stop", mixinStandardHelpOptions = true,
            description = "Stop a recorded daemon after verifying its pid and start time; stale records are removed without signalling.")
    final class StopCmd implements Callable<Integer> {
        private final Root root;

        @Option(names = "--name", paramLabel = "N", description = "Daemon name (default: the sole live record).")
        String name;

        @Option(names = "--all", description = "Every live daemon of yours on this host; stale records are cleaned.")
        boolean all;

        StopCmd(Root root) {
            this.root = root;
        }

        @Override
        public Integer call() {
            if (all && name != null) {
                throw new CommandLine.ParameterException(new CommandLine(this), "--all and --name cannot be combined");
            }
            if (all) {
                List<StopOutcome> outcomes = root.services().lifecycle().stopAll();
                Map<String, Object> report = new LinkedHashMap<>();
                report.put("stopped", outcomes.stream().filter(StopOutcome::stopped).map(o -> o.record().orElseThrow().toJsonMap()).toList());
                report.put("outcomes", outcomes.stream().map(Cli::outcomeJson).toList());
                printJson(report);
                outcomes.stream().filter(o -> o.result() == StopOutcome.Result.FAILED)
                        .forEach(o -> err.println("error: " + oneLine(o.message())));
                return outcomes.stream().anyMatch(o -> o.result() == StopOutcome.Result.FAILED) ? FAILED : OK;
            }
            StopOutcome outcome = root.services().lifecycle().stop(Optional.ofNullable(name));
            if (outcome.stopped()) {
                Map<String, Object> report = new LinkedHashMap<>();
                report.put("stopped", List.of(outcome.record().orElseThrow().toJsonMap()));
                printJson(report);
                return OK;
            }
            err.println("error: " + oneLine(outcome.message()));
            return FAILED;
        }
    }

    static Map<String, Object> outcomeJson(StopOutcome o) {
        Map<String, Object> m = new LinkedHashMap<>();
        m.put("name", o.name());
        m.put("result", o.result().id());
        m.put("message", o.message());
        return m;
    }

    @Command(name = "env", mixinStandardHelpOptions = true,
            description = "Print the exports a launcher needs for a live daemon; your own environment is not changed.")
    final class EnvCmd implements Callable<Integer> {
        private final Root root;

        @Option(names = "--name", paramLabel = "N", description = "Daemon name (default: the sole live record).")
        String name;

        @Option(names = "--shell", paramLabel = "SHELL", defaultValue = "posix", description = "Output syntax; only posix (sh, bash, zsh).")
        String shell;

        @Option(names = "--json", description = "Print {\"name\", \"env\"} as JSON.")
        boolean json;

        EnvCmd(Root root) {
            this.root = root;
        }

        @Override
        public Integer call() {
            if (!"posix".equals(shell)) {
                throw new CommandLine.ParameterException(new CommandLine(this), "unsupported --shell '" + shell + "'; only posix is supported");
            }
            LaunchEnvironment env = root.services().launchEnvironment(Optional.ofNullable(name));
            out.print(json ? env.jsonText() : env.posix());
            return OK;
        }
    }

    @Command(name = "completion", mixinStandardHelpOptions = true,
            description = "Print a bash completion script: `source <(cumps completion)`.")
    static final class CompletionCmd implements Callable<Integer> {
        private final CommandLine top;

        CompletionCmd(CommandLine top) {
            this.top = top;
        }

        @Override
        public Integer call() {
            top.getOut().print(AutoComplete.bash("cumps", top));
            top.getOut().flush();
            return OK;
        }
    }

    @Command(name = "reset", mixinStandardHelpOptions = true,
            description = "With --simulate: stop the simulated daemons and remove the simulation sandbox.")
    final class ResetCmd implements Callable<Integer> {
        private final Root root;

        ResetCmd(Root root) {
            this.root = root;
        }

        @Override
        public Integer call() {
            if (!root.simulate) {
                throw new CumpsException("reset only applies to the simulated host: run `cumps --simulate reset`");
            }
            List<String> stopped = new ArrayList<>();
            Simulation sim = Simulation.cliSandbox(host);
            if (sim.exists()) {
                CoreServices services = root.services();
                for (StopOutcome o : services.lifecycle().stopAll()) {
                    stopped.add(o.name() + ": " + o.result().id());
                }
                sim.remove();
            }
            Map<String, Object> report = new LinkedHashMap<>();
            report.put("sandbox", sim.root().toString());
            report.put("removed", true);
            report.put("daemons", stopped);
            printJson(report);
            return OK;
        }
    }
}
