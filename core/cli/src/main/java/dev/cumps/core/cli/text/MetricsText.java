package dev.cumps.core.cli.text;

import dev.cumps.core.doctor.CheckStatus;
import dev.cumps.core.doctor.DoctorReport;
import dev.cumps.core.live.ClientProcess;
import dev.cumps.core.live.DaemonSnapshot;
import dev.cumps.core.live.GpuLoad;
import dev.cumps.core.live.LiveSnapshot;
import dev.cumps.core.live.MpsServer;
import dev.cumps.core.proc.ProcessOwner;
import dev.cumps.core.record.ManagedDaemon;
import java.math.BigDecimal;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * {@code cumps metrics}: the records, the live snapshot and the doctor's verdict in the Prometheus
 * text exposition format ({@link Prometheus}), for node_exporter's textfile collector. Every metric
 * is a gauge named {@code cumps_...} with its unit in the name; memory is in bytes (nvidia-smi's MiB
 * times 1048576), utilisation a ratio from 0 to 1. A value nobody knows (nvidia-smi printed
 * {@code [N/A]}, a client it does not list, a limit never set) has no sample rather than a made-up one.
 */
public final class MetricsText {
    private static final long MIB = 1024L * 1024L;

    private MetricsText() {
    }

    /** The exposition text of {@code daemons} (the caller's records with their liveness), the snapshot and the doctor's report. */
    public static String render(List<ManagedDaemon> daemons, int unreadableRecords, LiveSnapshot live, DoctorReport doctor) {
        Prometheus p = new Prometheus();
        p.gauge("cumps_daemon_up", "Whether the recorded MPS control daemon runs: 1 live (pid and start time match), 0 stale.");
        for (ManagedDaemon d : daemons) {
            p.sample(labels("daemon", d.name(), "gpu", String.join(",", d.record().gpuUuids()), "state", d.state().id()), d.live() ? 1 : 0);
        }
        p.gauge("cumps_records_unreadable", "Records under the record root that cannot be read (see cumps status).");
        p.sample(Map.of(), unreadableRecords);
        limits(p, daemons);
        daemonsLive(p, live.daemons());
        clients(p, live.daemons());
        gpus(p, live.gpus());
        p.gauge("cumps_doctor_checks", "Doctor checks by status (cumps doctor).");
        for (CheckStatus status : CheckStatus.values()) {
            p.sample(labels("status", status.id()), doctor.count(status));
        }
        p.gauge("cumps_doctor_verdict", "The doctor's verdict: 0 valid without warnings, 1 valid with warnings, 2 invalid (a check failed).");
        p.sample(Map.of(), !doctor.valid() ? 2 : doctor.count(CheckStatus.WARN) > 0 ? 1 : 0);
        return p.text();
    }

    private static void limits(Prometheus p, List<ManagedDaemon> daemons) {
        p.gauge("cumps_daemon_active_thread_percent", "The default active thread percentage cumps applied to the daemon (record's limits).");
        for (ManagedDaemon d : daemons) {
            d.record().limits().activeThreadPercentage().ifPresent(v -> p.sample(labels("daemon", d.name()), v));
        }
        p.gauge("cumps_daemon_pinned_memory_limit_bytes", "The default pinned device memory limit cumps applied to the daemon (record's limits).");
        for (ManagedDaemon d : daemons) {
            d.record().limits().pinnedMemLimitMiB().ifPresent(v -> p.sample(labels("daemon", d.name()), v * MIB));
        }
    }

    private static void daemonsLive(Prometheus p, List<DaemonSnapshot> daemons) {
        p.gauge("cumps_daemon_answering", "Whether the live control daemon answered every question (0: not answering or an unexpected reply).");
        for (DaemonSnapshot d : daemons) {
            p.sample(daemonLabels(d, "state", d.state().id()), d.state() == DaemonSnapshot.State.ANSWERING ? 1 : 0);
        }
        p.gauge("cumps_mps_servers", "MPS servers the control daemon lists (get_server_list).");
        for (DaemonSnapshot d : daemons) {
            p.sample(daemonLabels(d), d.servers().size());
        }
        p.gauge("cumps_mps_clients", "MPS clients connected to the daemon's servers (get_client_list).");
        for (DaemonSnapshot d : daemons) {
            p.sample(daemonLabels(d), d.clients().size());
        }
    }

    private static void clients(Prometheus p, List<DaemonSnapshot> daemons) {
        p.gauge("cumps_client_gpu_memory_bytes", "GPU memory of one MPS client (nvidia-smi --query-compute-apps, matched by pid).");
        for (DaemonSnapshot d : daemons) {
            for (MpsServer server : d.servers()) {
                for (ClientProcess c : server.clients()) {
                    if (c.gpuMemoryMiB().isPresent()) {
                        Map<String, String> l = daemonLabels(d, "server_pid", Long.toString(server.pid()));
                        l.put("pid", Long.toString(c.pid()));
                        l.put("user", c.owner().map(ProcessOwner::user).orElse(""));
                        p.sample(l, c.gpuMemoryMiB().getAsLong() * MIB);
                    }
                }
            }
        }
    }

    private static void gpus(Prometheus p, List<GpuLoad> gpus) {
        p.gauge("cumps_gpu_utilization_ratio", "GPU utilisation from 0 to 1 (nvidia-smi utilization.gpu).");
        for (GpuLoad g : gpus) {
            if (g.utilizationPercent().isPresent()) {
                p.sample(gpuLabels(g), BigDecimal.valueOf(g.utilizationPercent().getAsInt()).movePointLeft(2));
            }
        }
        p.gauge("cumps_gpu_memory_used_bytes", "GPU memory in use (nvidia-smi memory.used).");
        for (GpuLoad g : gpus) {
            g.memoryUsedMiB().ifPresent(v -> p.sample(gpuLabels(g), v * MIB));
        }
        p.gauge("cumps_gpu_memory_total_bytes", "GPU memory in total (nvidia-smi memory.total).");
        for (GpuLoad g : gpus) {
            g.memoryTotalMiB().ifPresent(v -> p.sample(gpuLabels(g), v * MIB));
        }
    }

    private static Map<String, String> gpuLabels(GpuLoad g) {
        return labels("gpu", g.uuid(), "index", Integer.toString(g.index()));
    }

    /** A daemon's labels: its record's name ({@code ""} for an unmanaged pipe) and its pipe directory, then {@code more}. */
    private static Map<String, String> daemonLabels(DaemonSnapshot d, String... more) {
        Map<String, String> l = labels("daemon", d.name().orElse(""), "pipe", d.pipeDirectory().toString());
        l.putAll(labels(more));
        return l;
    }

    private static Map<String, String> labels(String... pairs) {
        Map<String, String> l = new LinkedHashMap<>();
        for (int i = 0; i + 1 < pairs.length; i += 2) {
            l.put(pairs[i], pairs[i + 1]);
        }
        return l;
    }
}
