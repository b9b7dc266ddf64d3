package dev.cumps.core.cli.command;

import dev.cumps.core.CoreServices;
import dev.cumps.core.cli.text.OneLine;
import dev.cumps.core.cli.text.SelftestLines;
import dev.cumps.core.grammar.CliForm;
import dev.cumps.core.grammar.CliOption;
import dev.cumps.core.host.HostEnvironment;
import dev.cumps.core.json.Json;
import dev.cumps.core.message.CumpsException;
import dev.cumps.core.message.Message;
import dev.cumps.core.selftest.ReportFile;
import dev.cumps.core.selftest.SelftestMarkdown;
import dev.cumps.core.selftest.SelftestReport;
import dev.cumps.core.selftest.SelftestRequest;
import dev.cumps.core.selftest.SelftestRun;
import dev.cumps.sim.Simulation;
import java.nio.file.Path;
import java.time.Duration;
import java.time.LocalDate;
import java.time.ZoneOffset;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;

/**
 * {@code cumps selftest --gpus SEL [--client CMD] [--report FILE] [--json]}: the whole lifecycle on
 * one GPU with a throwaway daemon, each step's result and evidence printed as it is known and
 * written to a Markdown report; exit 0 only when every step that ran passed. A Ctrl-C (SIGINT) or
 * SIGTERM runs the clean-up from a shutdown hook and still writes the report.
 */
@Command(name = "selftest",
        description = {"Hardware self-test on one GPU with a throwaway daemon; writes a Markdown report with the evidence.",
            "Steps: status, start, doctor, env, a CUDA client seen by get_server_list, stop, kill -9 and recovery, a record with"
                + " a wrong start time that must not be stopped, clean-up. Leaves nothing it started running, also on Ctrl-C."},
        exitCodeListHeading = ExitCode.HEADING,
        exitCodeList = {"0:every step that ran passed, the clean-up included",
            "1:a step failed or the run was interrupted (the report says which), or it was refused before anything started"
                + " (several GPUs, all, MIG, an unsafe --report path)",
            "2:a usage error (no --gpus, an unknown option)"})
public final class SelftestCommand implements Callable<Integer> {
    /** How long the simulated client holds its server, so get_server_list can see it. */
    static final Duration SIMULATED_CLIENT_HOLD = Duration.ofSeconds(3);
    /** How long a Ctrl-C waits for the step in progress before it cleans up. */
    static final Duration ABORT_WAIT = Duration.ofSeconds(60);
    private final RootCommand root;
    // The options, as of(root, form) reads them; declared once, in the grammar table (CliCommand.SELFTEST).
    private String gpus;
    private String client;
    private Path report;
    private boolean json;

    public SelftestCommand(RootCommand root) {
        this.root = root;
    }

    /** The command for a form the grammar table describes, read by the fast parser or by picocli. */
    public static SelftestCommand of(RootCommand root, CliForm form) {
        SelftestCommand command = new SelftestCommand(root);
        command.gpus = form.value(CliOption.GPUS);
        command.client = form.value(CliOption.CLIENT);
        String report = form.value(CliOption.REPORT);
        command.report = report == null ? null : Path.of(report);
        command.json = form.has(CliOption.JSON);
        return command;
    }

    @Override
    public Integer call() {
        CoreServices services = root.services();
        HostEnvironment host = services.host();
        services.selftest().preflight(gpus);
        Path target = report != null ? report : Path.of(defaultReportName(host.hostname(), LocalDate.now(ZoneOffset.UTC)));
        ReportFile.checkTarget(target, host.uid());
        Optional<List<String>> simulatedClient = services.simulated() && client == null
                ? Optional.of(Simulation.selftestClient(SIMULATED_CLIENT_HOLD)) : Optional.empty();
        SelftestRun run = services.selftest().newRun(new SelftestRequest(gpus, Optional.ofNullable(client), simulatedClient,
                VersionProvider.version()));
        Thread hook = new Thread(() -> {
            SelftestReport partial = run.abort(ABORT_WAIT);
            try {
                ReportFile.Written written = ReportFile.write(target, SelftestMarkdown.render(partial), host.uid());
                written.notAtTarget().ifPresent(why -> root.context().err().println(OneLine.error(why.english())));
            } catch (CumpsException e) {
                root.context().err().println(OneLine.error(e.getMessage()));
            }
            root.context().err().flush();
        }, "selftest-cleanup");
        Runtime.getRuntime().addShutdownHook(hook);
        SelftestReport result;
        try {
            result = run.run(step -> {
                if (!json) {
                    root.context().out().println(SelftestLines.step(step));
                    root.context().out().flush();
                }
            });
        } finally {
            try {
                Runtime.getRuntime().removeShutdownHook(hook);
            } catch (IllegalStateException e) {
                // The JVM is shutting down: the hook cleans up and writes the report.
            }
        }
        ReportFile.Written report = ReportFile.write(target, SelftestMarkdown.render(result), host.uid());
        Path written = report.path();
        if (json) {
            Map<String, Object> map = new LinkedHashMap<>(result.toJsonMap());
            map.put("report", written.toString());
            root.context().out().println(Json.write(map));
        } else {
            root.context().out().println(SelftestLines.verdict(result, written));
        }
        if (!report.atTarget()) {
            // The report is kept beside the path asked for; the one error line says where and why.
            throw new CumpsException(report.notAtTarget().get());
        }
        if (!result.passed()) {
            throw new CumpsException(Message.of(CommandMessages.SELFTEST_FAILED, result.verdict(), written));
        }
        return ExitCode.OK;
    }

    /** {@code cumps-selftest-<host>-<yyyy-mm-dd>.md}, the host name reduced to letters, digits, dot, dash and underscore. */
    public static String defaultReportName(String hostname, LocalDate date) {
        String safe = hostname.replaceAll("[^A-Za-z0-9._-]", "_");
        return "cumps-selftest-" + (safe.isEmpty() ? "host" : safe) + "-" + date + ".md";
    }
}
