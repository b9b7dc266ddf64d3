package dev.cumps.app.main;

import dev.cumps.app.i18n.Messages;
import dev.cumps.app.ui.style.RecordLook;
import dev.cumps.core.gpu.Gpu;
import dev.cumps.core.mps.ControlPipe;
import dev.cumps.core.mps.MpsLimits;
import dev.cumps.core.record.DaemonRecord;
import dev.cumps.core.record.ManagedDaemon;
import dev.cumps.core.record.UnreadableRecord;
import dev.cumps.core.status.HostStatus;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.Set;
import java.util.stream.Collectors;
import java.util.stream.IntStream;

/**
 * Turns a {@link HostStatus} into the display rows of the three tables (text in the window's
 * language, states as app enums), and works out what changed since the rows before. Touches no
 * property, so the worker that collected the status builds the rows (docs/performance.md).
 *
 * <p>The core's values that the window translates are rendered here, one function each:
 * {@link #computeModeText}, {@link #migModeText} and {@link #unreadableReason}.
 */
final class MainRows {

    /**
     * The table rows of a snapshot: the {@code generation}-th collection (0: not collected), with
     * what changed since the rows of the collection before ({@code changes}; null: unknown, replace
     * everything), and the core's assessment of each daemon row by name (for the stop, env and log
     * view models; the rows themselves carry only display values).
     */
    record Rows(List<GpuRow> gpus, List<PipeRow> pipes, List<DaemonRow> daemons, long generation, Changes changes,
                Map<String, ManagedDaemon> managed) {
        Rows {
            managed = Map.copyOf(managed);
        }
    }

    /**
     * What differs between the rows of collection {@code base} (the one before) and the rows that carry
     * this, computed on the worker so that the UI thread touches only what changed (docs/performance.md).
     *
     * @param daemons the indices of the changed daemon rows, or null when the number of rows changed
     */
    record Changes(long base, boolean gpus, boolean pipes, int[] daemons) {
    }

    private final Messages messages;

    MainRows(Messages messages) {
        this.messages = Objects.requireNonNull(messages, "messages");
    }

    /** The rows of {@code s} at {@code started}, as collection 0 (not yet compared). */
    Rows rows(HostStatus s, Instant started) {
        List<DaemonRow> rows = new ArrayList<>();
        Map<String, ManagedDaemon> managed = new LinkedHashMap<>();
        for (ManagedDaemon d : s.daemons()) {
            rows.add(daemonRow(d, started));
            managed.put(d.record().name(), d);
        }
        s.unreadable().forEach(u -> rows.add(unreadableRow(u)));
        Set<String> stale = s.daemons().stream().filter(d -> !d.live()).map(d -> d.record().name()).collect(Collectors.toSet());
        return new Rows(s.gpus().stream().map(g -> gpuRow(g, stale)).toList(), s.controlPipes().stream().map(this::pipeRow).toList(),
                List.copyOf(rows), 0, null, managed);
    }

    /** {@code now} as collection {@code generation}, with what changed since {@code before} (null: none). */
    static Rows diff(Rows before, Rows now, long generation) {
        if (before == null) {
            return new Rows(now.gpus(), now.pipes(), now.daemons(), generation, null, now.managed());
        }
        int[] changed = null;
        if (before.daemons().size() == now.daemons().size()) {
            changed = IntStream.range(0, now.daemons().size())
                    .filter(i -> !before.daemons().get(i).equals(now.daemons().get(i))).toArray();
        }
        return new Rows(now.gpus(), now.pipes(), now.daemons(), generation, new Changes(before.generation(),
                !before.gpus().equals(now.gpus()), !before.pipes().equals(now.pipes()), changed), now.managed());
    }

    private GpuRow gpuRow(HostStatus.GpuRow row, Set<String> stale) {
        Gpu gpu = row.gpu();
        // Only the daemons that serve the GPU: a stale record's daemon is gone (the daemons table shows it as stale).
        String daemons = row.daemonNames().stream().filter(n -> !stale.contains(n)).collect(Collectors.joining(", "));
        return new GpuRow(gpu.index(), gpu.uuid().value(), gpu.name(), computeModeText(gpu),
                gpu.memoryTotalMiB().map(mib -> messages.get("gpu.memory", mib)).orElse(messages.get("header.unknown")),
                migModeText(gpu), row.visible(), messages.get(row.visible() ? "gpu.visible.yes" : "gpu.visible.no"),
                row.daemonNames(), daemons);
    }

    /** The compute mode as the GPUs table shows it: the core's display text in the window's language. */
    String computeModeText(Gpu gpu) {
        return messages.render(gpu.computeModeMessage());
    }

    /** The MIG mode as the GPUs table shows it (n/a without MIG support), in the window's language. */
    String migModeText(Gpu gpu) {
        return messages.render(gpu.migModeMessage());
    }

    private PipeRow pipeRow(HostStatus.PipeRow row) {
        String kind = messages.get(row.kind() == ControlPipe.Kind.FIFO ? "pipe.kind.fifo" : "pipe.kind.socket");
        String owner = row.managed() ? String.join(", ", row.managedNames()) : messages.get("pipe.unmanaged");
        return new PipeRow(row.path().toString(), kind, row.managed(), owner);
    }

    private DaemonRow daemonRow(ManagedDaemon daemon, Instant now) {
        DaemonRecord r = daemon.record();
        RecordLook look = daemon.live() ? RecordLook.LIVE : RecordLook.STALE;
        Instant created = Instant.ofEpochMilli(Math.round(r.createdAt() * 1000));
        return new DaemonRow(r.name(), look, stateText(look), Long.toString(r.pid()), Long.toString(r.processStartTicks()),
                String.join(", ", r.gpuUuids()), r.pipeDirectory().toString(), r.logDirectory().toString(),
                age(Duration.between(created, now)), Optional.empty(), limitsText(r.limits()));
    }

    /** The record's MPS limits as the daemons table shows them: "25 % threads, 8G pinned", or none. */
    String limitsText(MpsLimits limits) {
        List<String> parts = new ArrayList<>();
        limits.activeThreadPercentage().ifPresent(p -> parts.add(messages.get("daemon.limits.threads", p)));
        limits.pinnedMemLimitText().ifPresent(size -> parts.add(messages.get("daemon.limits.pinned", size)));
        return parts.isEmpty() ? messages.get("daemon.limits.none") : String.join(", ", parts);
    }

    private DaemonRow unreadableRow(UnreadableRecord u) {
        String none = messages.get("daemon.none");
        return new DaemonRow(u.name(), RecordLook.UNREADABLE, stateText(RecordLook.UNREADABLE), none, none, none,
                u.path().toString(), none, none, Optional.of(unreadableReason(u)), none);
    }

    /** Why a record could not be read, as its row's tooltip says it (the core's reason, translated). */
    String unreadableReason(UnreadableRecord u) {
        return messages.render(u.reasonMessage());
    }

    String stateText(RecordLook look) {
        return switch (look) {
            case LIVE -> messages.get("daemon.state.live");
            case STALE -> messages.get("daemon.state.stale");
            case UNREADABLE -> messages.get("daemon.state.unreadable");
        };
    }

    /** A short age such as "42 s", "3 min 5 s", "2 h 10 min", "4 d 3 h". */
    String age(Duration d) {
        return messages.age(d.getSeconds());
    }
}
