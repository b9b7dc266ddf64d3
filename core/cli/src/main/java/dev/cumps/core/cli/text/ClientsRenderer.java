package dev.cumps.core.cli.text;

import dev.cumps.core.live.ClientProcess;
import dev.cumps.core.live.DaemonSnapshot;
import dev.cumps.core.live.GpuLoad;
import dev.cumps.core.live.LiveMessages;
import dev.cumps.core.live.LiveSnapshot;
import dev.cumps.core.live.MpsServer;
import dev.cumps.core.message.Message;
import dev.cumps.core.proc.ProcessOwner;
import java.util.List;
import java.util.Locale;
import java.util.Optional;
import java.util.OptionalInt;
import java.util.OptionalLong;

/**
 * {@code cumps clients} for people: the GPUs' load, then one row per client (daemon → server →
 * client, with pid, user, GPU memory, running time and command line), a row for a daemon or server
 * without clients, and a line per daemon that did not answer.
 */
public final class ClientsRenderer {
    /** Longer command lines are cut here in the table (the JSON has them whole). */
    static final int COMMAND_WIDTH = 80;
    private static final String UNREADABLE = Message.of(LiveMessages.UNREADABLE).english();

    private ClientsRenderer() {
    }

    /** The whole text, each line ending in a newline. */
    public static String render(LiveSnapshot snapshot) {
        StringBuilder out = new StringBuilder();
        snapshot.diagnostics().forEach(d -> out.append("diagnostic: ").append(TerminalEscapes.escape(d.english())).append('\n'));
        out.append("GPUs\n");
        TextTable gpus = new TextTable("INDEX", "UUID", "UTILIZATION", "MEMORY USED");
        for (GpuLoad g : snapshot.gpus()) {
            gpus.row(g.index(), g.uuid(), percent(g.utilizationPercent()),
                    mib(g.memoryUsedMiB()) + " / " + mib(g.memoryTotalMiB()));
        }
        out.append(table(gpus));
        out.append("\nMPS servers and clients\n");
        TextTable clients = new TextTable("DAEMON", "STATE", "SERVER", "STATUS", "CLIENT", "USER", "GPU MEMORY", "RUNNING", "COMMAND");
        for (DaemonSnapshot d : snapshot.daemons()) {
            String daemon = d.name().orElse(Message.of(LiveMessages.UNMANAGED).english() + " " + d.pipeDirectory());
            String state = d.state().labelMessage().english();
            if (d.servers().isEmpty()) {
                clients.row(daemon, state, "-", "-", "-", "-", "-", "-", "-");
            }
            for (MpsServer s : d.servers()) {
                String status = s.status().orElse("-");
                String server = s.pid() + " (" + s.owner().map(ProcessOwner::user).orElse(UNREADABLE) + ")";
                if (s.clients().isEmpty()) {
                    clients.row(daemon, state, server, status, "-", "-", "-", "-", "-");
                }
                for (ClientProcess c : s.clients()) {
                    clients.row(daemon, state, server, status, c.pid(), c.owner().map(ProcessOwner::user).orElse(UNREADABLE),
                            mib(c.gpuMemoryMiB()), c.runningSeconds().isPresent() ? duration(c.runningSeconds().getAsLong()) : "-",
                            command(c.commandLine()));
                }
            }
        }
        out.append(table(clients));
        for (DaemonSnapshot d : snapshot.daemons()) {
            d.problem().ifPresent(p -> out.append("  ").append(d.name().orElse(d.pipeDirectory().toString())).append(": ")
                    .append(d.state().labelMessage().english()).append(": ").append(TerminalEscapes.escape(p.english())).append('\n'));
        }
        return out.toString();
    }

    /** {@code 45s}, {@code 3m07s}, {@code 2h05m09s}, {@code 3d04h}. */
    static String duration(long seconds) {
        if (seconds < 60) {
            return seconds + "s";
        }
        if (seconds < 3600) {
            return String.format(Locale.ROOT, "%dm%02ds", seconds / 60, seconds % 60);
        }
        if (seconds < 86_400) {
            return String.format(Locale.ROOT, "%dh%02dm%02ds", seconds / 3600, seconds % 3600 / 60, seconds % 60);
        }
        return String.format(Locale.ROOT, "%dd%02dh", seconds / 86_400, seconds % 86_400 / 3600);
    }

    private static String command(Optional<List<String>> argv) {
        if (argv.isEmpty()) {
            return UNREADABLE;
        }
        String joined = String.join(" ", argv.get());
        return joined.length() > COMMAND_WIDTH ? joined.substring(0, COMMAND_WIDTH - 1) + "…" : joined;
    }

    private static String mib(OptionalLong value) {
        return value.isPresent() ? value.getAsLong() + " MiB" : "-";
    }

    private static String percent(OptionalInt value) {
        return value.isPresent() ? value.getAsInt() + " %" : "-";
    }

    private static String table(TextTable table) {
        return table.isEmpty() ? "  (none)\n" : table.render("  ");
    }
}
