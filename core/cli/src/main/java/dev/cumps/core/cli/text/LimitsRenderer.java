package dev.cumps.core.cli.text;

import dev.cumps.core.live.CurrentLimits;
import dev.cumps.core.live.DaemonLimits;
import dev.cumps.core.live.ServerLimits;
import dev.cumps.core.mps.MpsLimits;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.stream.Collectors;

/**
 * {@code cumps limits} for people: one row per live daemon with each limit as its record says cumps
 * applied it and as the daemon reports it now (its defaults), the running servers' values, and a
 * note when they differ or the daemon did not answer. Also the "Recorded limits" lines that
 * {@code status} and {@code clients} add when some daemon has limits.
 */
public final class LimitsRenderer {
    private static final String NOT_SET = "-";

    private LimitsRenderer() {
    }

    /** The whole text, each line ending in a newline. */
    public static String render(List<DaemonLimits> daemons) {
        StringBuilder out = new StringBuilder("MPS limits (recorded by cumps / reported by the daemon now)\n");
        TextTable table = new TextTable("DAEMON", "ACTIVE THREADS", "PINNED MEMORY", "SERVERS (PID: THREADS, PINNED)", "NOTE");
        for (DaemonLimits d : daemons) {
            Optional<CurrentLimits> current = d.current();
            String threads = percentage(d.recorded()) + " / " + current.map(LimitsRenderer::percentage).orElse("?");
            String pinned = d.recorded().pinnedMemLimitText().orElse(NOT_SET) + " / " + current.map(LimitsRenderer::pinned).orElse("?");
            String servers = d.servers().isEmpty() ? NOT_SET
                    : d.servers().stream().map(LimitsRenderer::server).collect(Collectors.joining("; "));
            String note = d.problem().isPresent() ? "not answering" : d.differsFromRecord() ? "differs from record" : "";
            table.row(d.name(), threads, pinned, servers, note);
        }
        out.append(table.isEmpty() ? "  (no live daemon)\n" : table.render("  "));
        for (DaemonLimits d : daemons) {
            d.problem().ifPresent(p -> out.append("  ").append(d.name()).append(": ").append(TerminalEscapes.escape(p.english())).append('\n'));
        }
        return out.toString();
    }

    /**
     * The "Recorded limits" section of {@code status} and {@code clients}: one line per daemon whose
     * record has limits, in {@code byName}'s order; empty (no section at all) when none has.
     */
    public static String recorded(Map<String, MpsLimits> byName) {
        StringBuilder out = new StringBuilder();
        TextTable table = new TextTable("NAME", "ACTIVE THREAD PERCENTAGE", "PINNED MEMORY LIMIT");
        byName.forEach((name, limits) -> {
            if (!limits.isEmpty()) {
                table.row(name, percentage(limits), limits.pinnedMemLimitText().orElse(NOT_SET));
            }
        });
        if (!table.isEmpty()) {
            out.append("\nRecorded limits (see `cumps limits`)\n").append(table.render("  "));
        }
        return out.toString();
    }

    private static String percentage(MpsLimits limits) {
        return limits.activeThreadPercentage().isPresent() ? limits.activeThreadPercentage().getAsInt() + "%" : NOT_SET;
    }

    private static String percentage(CurrentLimits c) {
        return c.activeThreadPercentageText().map(p -> p + "%").orElse("?");
    }

    private static String pinned(CurrentLimits c) {
        return c.pinnedMemLimitSupported() ? c.pinnedMemLimitText().orElse("none") : "not supported by this driver";
    }

    private static String server(ServerLimits s) {
        return s.pid() + ": " + percentage(s.current()) + ", " + pinned(s.current());
    }
}
