package dev.cumps.core.cli.command;

import dev.cumps.core.CoreServices;
import dev.cumps.core.cli.text.TopRenderer;
import dev.cumps.core.grammar.CliForm;
import dev.cumps.core.grammar.CliOption;
import dev.cumps.core.json.Json;
import dev.cumps.core.message.Message;
import dev.cumps.core.record.DaemonRecord;
import dev.cumps.core.snapshot.HostSnapshot;
import java.math.BigDecimal;
import java.time.Duration;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.Callable;
import java.util.function.Function;
import picocli.CommandLine.Command;

/**
 * {@code cumps top [--name N] [--interval S] [--once] [--json]}: the live snapshot as a refreshing
 * text view (GPUs with load and memory bars, daemons, MPS servers, clients). Redraws in place only
 * when standard output is a terminal; {@code q} quits (a single key when standard input is a
 * terminal, which is put in key mode for the run and restored on every exit; otherwise a line
 * {@code q} or the end of input). {@code --once} prints one frame; {@code --once --json} prints the
 * snapshot as {@code cumps clients --json} does. Read-only.
 */
@Command(name = "top",
        description = "A live, refreshing view of the GPUs, your daemons, their MPS servers and clients; q quits (read-only).",
        exitCodeListHeading = ExitCode.HEADING,
        exitCodeList = {"0:quit with q (or the end of input), or --once printed its frame",
                "1:--name names a missing, foreign, unreadable or stale record",
                "2:--json without --once, or an --interval outside 0.5 to 3600"})
public final class TopCommand implements Callable<Integer> {
    static final BigDecimal MIN_INTERVAL = new BigDecimal("0.5");
    static final BigDecimal MAX_INTERVAL = new BigDecimal("3600");
    /** The width of a frame when standard output is not a terminal and {@code COLUMNS} does not say. */
    static final int DEFAULT_WIDTH = 120;
    private final RootCommand root;
    // The options, as of(root, form) reads them; declared once, in the grammar table (CliCommand.TOP).
    private String name;
    private String interval;
    private boolean once;
    private boolean json;

    public TopCommand(RootCommand root) {
        this.root = root;
    }

    /** The command for a form the grammar table describes, read by the fast parser or by picocli. */
    public static TopCommand of(RootCommand root, CliForm form) {
        TopCommand command = new TopCommand(root);
        command.name = form.value(CliOption.NAME);
        command.interval = form.valueOrDefault(CliOption.INTERVAL);
        command.once = form.has(CliOption.ONCE);
        command.json = form.has(CliOption.JSON);
        return command;
    }

    /** Whether {@code text} is an interval {@code --interval} accepts. */
    public static boolean validInterval(String text) {
        return interval(text).isPresent();
    }

    /** The interval in seconds if {@code text} is a plain decimal from 0.5 to 3600, else empty. */
    static Optional<BigDecimal> interval(String text) {
        if (text == null || !text.matches("[0-9]{1,6}(\\.[0-9]{1,6})?")) {
            return Optional.empty();
        }
        BigDecimal seconds = new BigDecimal(text);
        return seconds.compareTo(MIN_INTERVAL) < 0 || seconds.compareTo(MAX_INTERVAL) > 0 ? Optional.empty() : Optional.of(seconds);
    }

    @Override
    public Integer call() {
        BigDecimal seconds = interval(interval).orElseThrow(() -> UsageError.of(this,
                Message.of(CommandMessages.TOP_INTERVAL_INVALID, interval, MIN_INTERVAL.toPlainString(), MAX_INTERVAL.toPlainString()).english()));
        if (json && !once) {
            throw UsageError.of(this, Message.of(CommandMessages.TOP_JSON_NEEDS_ONCE).english());
        }
        CoreServices services = root.services();
        Optional<String> only = Optional.ofNullable(name);
        if (json) {
            root.context().out().println(Json.write(services.snapshots().readLive(only).topDocument()));
            return ExitCode.OK;
        }
        Terminal terminal = new Terminal(CoreServices.processRunner(), root.context().host().childEnvironment());
        boolean redraw = !once && Terminal.isTerminal(1);
        Function<String, String> frame = header -> {
            HostSnapshot host = services.snapshots().readLive(only);
            Map<String, DaemonRecord> records = new LinkedHashMap<>();
            host.status().daemons().forEach(d -> records.put(d.record().name(), d.record()));
            return TopRenderer.render(host.requireLive(), records, header, width(terminal));
        };
        if (once) {
            root.context().out().print(frame.apply(""));
            return ExitCode.OK;
        }
        boolean keyMode = Terminal.isTerminal(0) && terminal.enterKeyMode();
        try {
            String header = header(seconds, keyMode);
            new TopLoop(System.in, keyMode, root.context().out(), redraw, Duration.ofMillis(seconds.movePointRight(3).longValue()))
                    .run(() -> frame.apply(header));
        } finally {
            terminal.close();
        }
        return ExitCode.OK;
    }

    private static String header(BigDecimal seconds, boolean keyMode) {
        return "cumps top: refreshing every " + seconds.stripTrailingZeros().toPlainString() + " s; "
                + (keyMode ? "press q to quit" : "type q and Enter to quit");
    }

    private int width(Terminal terminal) {
        if (Terminal.isTerminal(1)) {
            Optional<Integer> columns = terminal.columns();
            if (columns.isPresent()) {
                return columns.get();
            }
        }
        return root.context().host().get("COLUMNS").filter(c -> c.matches("[0-9]{1,5}")).map(Integer::parseInt)
                .filter(c -> c > 0).orElse(DEFAULT_WIDTH);
    }
}
