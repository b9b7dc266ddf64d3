package dev.cumps.core.cli.text;

import dev.cumps.core.mps.MpsLimits;
import dev.cumps.core.record.DaemonRecord;
import dev.cumps.core.record.ManagedDaemon;
import dev.cumps.core.record.UnreadableRecord;
import dev.cumps.core.status.HostStatus;
import java.time.Instant;
import java.util.LinkedHashMap;
import java.util.Locale;
import java.util.Map;

/** {@code cumps status} for people: the host line, then the GPU, control pipe and daemon tables. */
public final class StatusRenderer {
    private StatusRenderer() {
    }

    /** The whole text, each line ending in a newline. */
    public static String render(HostStatus s) {
        StringBuilder out = new StringBuilder();
        if (s.simulated()) {
            out.append("SIMULATED host (stand-in NVIDIA tools; no real GPU is touched)\n");
        }
        out.append("platform: ").append(s.platform()).append("   nvidia-smi: ").append(s.nvidiaSmiAvailable() ? "available" : "not available")
                .append(s.driverVersion().map(d -> "   driver: " + TerminalEscapes.escape(d)).orElse(""))
                .append("   CUDA_VISIBLE_DEVICES: ").append(s.cudaVisibleDevices().map(TerminalEscapes::escape).orElse("(unset)")).append('\n');
        s.diagnostic().ifPresent(d -> out.append("diagnostic: ").append(TerminalEscapes.escape(d)).append('\n'));
        out.append("\nGPUs\n");
        TextTable gpus = new TextTable("INDEX", "UUID", "NAME", "COMPUTE MODE", "MEMORY", "MIG", "VISIBLE", "DAEMON");
        for (HostStatus.GpuRow row : s.gpus()) {
            var g = row.gpu();
            gpus.row(g.index(), g.uuid(), g.name(), g.computeMode(), g.memoryTotalMiB().map(m -> m + " MiB").orElse("-"),
                    g.migMode().orElse("-"), row.visible() ? "yes" : "no", row.daemonNames().isEmpty() ? "-" : String.join(",", row.daemonNames()));
        }
        out.append(table(gpus));
        out.append("\nControl pipes\n");
        TextTable pipes = new TextTable("PATH", "KIND", "OWNER");
        for (HostStatus.PipeRow p : s.controlPipes()) {
            pipes.row(p.path(), p.kind().id(), p.managed() ? String.join(",", p.managedNames())
                    : p.foreign() ? "UNMANAGED (read-only; uid " + Integer.toUnsignedString(p.ownerUid().getAsInt()) + "'s, not trusted)"
                    : "UNMANAGED (read-only)");
        }
        out.append(table(pipes));
        out.append("\nDaemons (records in ").append(TerminalEscapes.escape(s.recordRoot().toString())).append(")\n");
        TextTable daemons = new TextTable("NAME", "STATE", "PID", "START TICKS", "GPU", "PIPE DIRECTORY", "CREATED");
        for (ManagedDaemon d : s.daemons()) {
            DaemonRecord r = d.record();
            daemons.row(r.name(), d.state().id().toUpperCase(Locale.ROOT), r.pid(), r.processStartTicks(),
                    String.join(",", r.gpuUuids()), r.pipeDirectory(), Instant.ofEpochMilli((long) (r.createdAt() * 1000)));
        }
        for (UnreadableRecord u : s.unreadable()) {
            daemons.row(u.name(), "UNREADABLE", "-", "-", "-", u.reason(), "-");
        }
        out.append(table(daemons));
        Map<String, MpsLimits> limits = new LinkedHashMap<>();
        s.daemons().forEach(d -> limits.put(d.name(), d.record().limits()));
        out.append(LimitsRenderer.recorded(limits));
        return out.toString();
    }

    private static String table(TextTable table) {
        return table.isEmpty() ? "  (none)\n" : table.render("  ");
    }
}
