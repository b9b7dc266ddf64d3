package dev.cumps.core.cli.text;

import dev.cumps.core.live.ClientProcess;
import dev.cumps.core.live.DaemonSnapshot;
import dev.cumps.core.live.GpuLoad;
import dev.cumps.core.live.LiveMessages;
import dev.cumps.core.live.LiveSnapshot;
import dev.cumps.core.live.MpsServer;
import dev.cumps.core.message.Message;
import dev.cumps.core.proc.ProcessOwner;
import dev.cumps.core.record.DaemonRecord;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.OptionalInt;
import java.util.OptionalLong;

/**
 * One frame of {@code cumps top}: the GPUs with load and memory bars, the daemons (name, state, pid,
 * GPU), their MPS servers and their clients (pid, user, GPU memory, running time, command line).
 * Every line is cut to the width given, with {@code …} where it was cut; the command line is the
 * last column, so a long one is what gets cut.
 */
public final class TopRenderer {
    /** A frame is never narrower than this, however narrow the terminal says it is. */
    static final int MIN_WIDTH = 40;
    /** Cells in a load or memory bar. */
    static final int BAR_CELLS = 10;
    private static final String UNREADABLE = Message.of(LiveMessages.UNREADABLE).english();

    private TopRenderer() {
    }

    /**
     * The frame, each line ending in a newline and no longer than {@code width} characters.
     *
     * @param records the caller's records by name, for each managed daemon's pid and GPU
     * @param header  the first line (the refresh interval and how to quit), or empty for none
     */
    public static String render(LiveSnapshot snapshot, Map<String, DaemonRecord> records, String header, int width) {
        StringBuilder out = new StringBuilder();
        if (!header.isEmpty()) {
            out.append(header).append("\n\n");
        }
        snapshot.diagnostics().forEach(d -> out.append("diagnostic: ").append(TerminalEscapes.escape(d.english())).append('\n'));
        out.append("GPUs\n").append(table(gpus(snapshot.gpus())));
        if (snapshot.daemons().isEmpty()) {
            out.append("\nno live daemons\n");
        } else {
            out.append("\nDaemons\n").append(table(daemons(snapshot.daemons(), records)));
            out.append("\nMPS servers\n").append(table(servers(snapshot.daemons())));
            out.append("\nClients\n").append(table(clients(snapshot.daemons())));
            for (DaemonSnapshot d : snapshot.daemons()) {
                d.problem().ifPresent(p -> out.append("  ").append(TerminalEscapes.escape(daemonName(d))).append(": ")
                        .append(d.state().labelMessage().english()).append(": ").append(TerminalEscapes.escape(p.english())).append('\n'));
            }
        }
        return fit(out.toString(), Math.max(width, MIN_WIDTH));
    }

    /** {@code [#####.....]  50%}: {@code percent} of {@link #BAR_CELLS} cells filled, rounded to the nearest cell. */
    static String bar(int percent) {
        int clamped = Math.max(0, Math.min(100, percent));
        int filled = (clamped * BAR_CELLS + 50) / 100;
        return "[" + "#".repeat(filled) + ".".repeat(BAR_CELLS - filled) + "]";
    }

    private static TextTable gpus(List<GpuLoad> gpus) {
        TextTable table = new TextTable("GPU", "UUID", "UTILIZATION", "MEMORY");
        for (GpuLoad g : gpus) {
            table.row(g.index(), g.uuid(), utilization(g.utilizationPercent()), memory(g.memoryUsedMiB(), g.memoryTotalMiB()));
        }
        return table;
    }

    private static String utilization(OptionalInt percent) {
        return percent.isPresent() ? bar(percent.getAsInt()) + String.format(Locale.ROOT, " %3d%%", percent.getAsInt())
                : "[" + " ".repeat(BAR_CELLS) + "]    -";
    }

    private static String memory(OptionalLong used, OptionalLong total) {
        if (used.isEmpty() || total.isEmpty() || total.getAsLong() <= 0) {
            return "[" + " ".repeat(BAR_CELLS) + "]    -  " + mib(used) + " / " + mib(total);
        }
        int percent = (int) Math.min(100, used.getAsLong() * 100 / total.getAsLong());
        return bar(percent) + String.format(Locale.ROOT, " %3d%%  ", percent) + used.getAsLong() + " / " + total.getAsLong() + " MiB";
    }

    private static TextTable daemons(List<DaemonSnapshot> daemons, Map<String, DaemonRecord> records) {
        TextTable table = new TextTable("DAEMON", "STATE", "PID", "GPU", "SERVERS", "CLIENTS");
        for (DaemonSnapshot d : daemons) {
            DaemonRecord record = d.name().map(records::get).orElse(null);
            table.row(daemonName(d), d.state().labelMessage().english(), record == null ? "-" : record.pid(),
                    record == null ? "-" : record.firstGpu(), d.servers().size(), d.clients().size());
        }
        return table;
    }

    private static TextTable servers(List<DaemonSnapshot> daemons) {
        TextTable table = new TextTable("DAEMON", "SERVER", "USER", "STATUS", "CLIENTS");
        for (DaemonSnapshot d : daemons) {
            for (MpsServer s : d.servers()) {
                table.row(daemonName(d), s.pid(), s.owner().map(ProcessOwner::user).orElse(UNREADABLE), s.status().orElse("-"),
                        s.clients().size());
            }
        }
        return table;
    }

    private static TextTable clients(List<DaemonSnapshot> daemons) {
        TextTable table = new TextTable("DAEMON", "SERVER", "PID", "USER", "GPU MEMORY", "RUNNING", "COMMAND");
        for (DaemonSnapshot d : daemons) {
            for (MpsServer s : d.servers()) {
                for (ClientProcess c : s.clients()) {
                    table.row(daemonName(d), s.pid(), c.pid(), c.owner().map(ProcessOwner::user).orElse(UNREADABLE),
                            mib(c.gpuMemoryMiB()),
                            c.runningSeconds().isPresent() ? ClientsRenderer.duration(c.runningSeconds().getAsLong()) : "-",
                            c.commandLine().map(argv -> String.join(" ", argv)).orElse(UNREADABLE));
                }
            }
        }
        return table;
    }

    private static String daemonName(DaemonSnapshot d) {
        return d.name().orElse(Message.of(LiveMessages.UNMANAGED).english() + " " + d.pipeDirectory());
    }

    private static String mib(OptionalLong value) {
        return value.isPresent() ? value.getAsLong() + " MiB" : "-";
    }

    private static String table(TextTable table) {
        return table.isEmpty() ? "  (none)\n" : table.render("  ");
    }

    /** Each line cut to {@code width} code points, the last one then replaced by {@code …}. */
    static String fit(String text, int width) {
        StringBuilder out = new StringBuilder(text.length());
        for (String line : text.split("\n", -1)) {
            if (line.codePointCount(0, line.length()) > width) {
                line = line.substring(0, line.offsetByCodePoints(0, width - 1)) + "…";
            }
            out.append(line).append('\n');
        }
        // split keeps the empty piece after the last newline: drop the newline added for it.
        out.setLength(out.length() - 1);
        return out.toString();
    }
}
