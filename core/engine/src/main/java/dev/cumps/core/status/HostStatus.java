package dev.cumps.core.status;

import dev.cumps.core.gpu.Gpu;
import dev.cumps.core.message.Message;
import dev.cumps.core.mps.ControlPipe;
import dev.cumps.core.record.ManagedDaemon;
import dev.cumps.core.record.UnreadableRecord;
import dev.cumps.core.topology.TopologyMode;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.OptionalInt;

/**
 * A read-only snapshot of the host: GPUs, control pipes, and this user's daemon records.
 *
 * @param diagnostics why the GPU list is empty or partial (see {@link #diagnostic()}), in order
 */
public record HostStatus(String platform, boolean nvidiaSmiAvailable, List<Message> diagnostics,
                         Optional<String> cudaVisibleDevices, Optional<String> driverVersion, List<GpuRow> gpus,
                         List<PipeRow> controlPipes, List<ManagedDaemon> daemons, List<UnreadableRecord> unreadable,
                         List<TopologyMode> compatibleModes, Path recordRoot, boolean simulated) {
    public static final int SCHEMA_VERSION = 1;

    public HostStatus {
        diagnostics = List.copyOf(diagnostics);
        gpus = List.copyOf(gpus);
        controlPipes = List.copyOf(controlPipes);
        daemons = List.copyOf(daemons);
        unreadable = List.copyOf(unreadable);
        compatibleModes = List.copyOf(compatibleModes);
    }

    /**
     * Why the GPU list is empty or partial, in English: the diagnostics joined by {@code "; "}
     * (nvidia-smi's, then the visibility mask's); empty when there is none.
     */
    public Optional<String> diagnostic() {
        return diagnostics.isEmpty() ? Optional.empty()
                : Optional.of(String.join("; ", diagnostics.stream().map(Message::english).toList()));
    }

    /** One GPU, whether the caller's mask leaves it visible, and the recorded daemons pinned to it. */
    public record GpuRow(Gpu gpu, boolean visible, List<String> daemonNames) {
    }

    /**
     * One control pipe; no managed names means no record owns it (read-only, no stop authority). {@code ownerUid}
     * owns the pipe itself; {@code foreign}: neither the caller nor root, so nothing it says is trusted.
     */
    public record PipeRow(Path path, ControlPipe.Kind kind, List<String> managedNames, OptionalInt ownerUid, boolean foreign) {
        public boolean managed() {
            return !managedNames.isEmpty();
        }
    }

    /**
     * The JSON of {@code status --json}: a superset of uni-cumps's, whose keys keep uni-cumps's types
     * and meanings ({@code gpus}: the visible GPUs; {@code platform}: Python's
     * {@code platform.system()}); every GPU with its {@code visible} flag is under {@code all_gpus}.
     */
    public Map<String, Object> toJsonMap() {
        Map<String, Object> map = new LinkedHashMap<>();
        map.put("schema_version", SCHEMA_VERSION);
        map.put("platform", pythonSystem(platform));
        map.put("platform_id", platform);
        map.put("simulated", simulated);
        map.put("nvidia_smi_available", nvidiaSmiAvailable);
        map.put("diagnostic", diagnostic().orElse(null));
        // uni-cumps: null when the variable is unset or empty (an empty mask still hides every GPU: see gpus).
        map.put("cuda_visible_devices", cudaVisibleDevices.filter(v -> !v.isEmpty()).orElse(null));
        map.put("driver_version", driverVersion.orElse(null));
        map.put("record_root", recordRoot.toString());
        List<Object> visibleList = new ArrayList<>();
        List<Object> allList = new ArrayList<>();
        for (GpuRow row : gpus) {
            Map<String, Object> g = gpuJson(row.gpu());
            g.put("visible", row.visible());
            g.put("managed_names", row.daemonNames());
            allList.add(g);
            if (row.visible()) {
                visibleList.add(g);
            }
        }
        map.put("gpus", visibleList);
        map.put("all_gpus", allList);
        List<Object> pipes = new ArrayList<>();
        for (PipeRow pipe : controlPipes) {
            Map<String, Object> p = new LinkedHashMap<>();
            p.put("path", pipe.path().toString());
            p.put("kind", pipe.kind().id());
            p.put("managed_names", pipe.managedNames());
            p.put("managed", pipe.managed());
            p.put("owner_uid", pipe.ownerUid().isPresent() ? Integer.toUnsignedLong(pipe.ownerUid().getAsInt()) : null);
            p.put("trusted", !pipe.foreign());
            pipes.add(p);
        }
        map.put("control_pipes", pipes);
        map.put("managed_daemons", daemons.stream().map(HostStatus::daemonJson).toList());
        map.put("unreadable_records", unreadable.stream().map(HostStatus::unreadableJson).toList());
        map.put("compatible_topology_modes", TopologyMode.ids());
        map.put("usable_topology_modes", compatibleModes.stream().map(TopologyMode::id).toList());
        return map;
    }

    /** Python's {@code platform.system()} for a platform id: {@code Linux}, {@code Darwin}, {@code Windows}. */
    static String pythonSystem(String platformId) {
        if (platformId.equals("linux")) {
            return "Linux";
        }
        if (platformId.startsWith("mac") || platformId.equals("darwin")) {
            return "Darwin";
        }
        if (platformId.startsWith("windows")) {
            return "Windows";
        }
        return platformId;
    }

    public static Map<String, Object> gpuJson(Gpu gpu) {
        Map<String, Object> g = new LinkedHashMap<>();
        g.put("index", gpu.index());
        g.put("uuid", gpu.uuid().value());
        g.put("name", gpu.name());
        g.put("compute_mode", gpu.computeMode());
        g.put("memory_total_mib", gpu.memoryTotalMiB().orElse(null));
        g.put("mig_mode", gpu.migMode().orElse(null));
        g.put("driver_version", gpu.driverVersion().orElse(null));
        g.put("pci_bus_id", gpu.pciBusId().orElse(null));
        return g;
    }

    public static Map<String, Object> daemonJson(ManagedDaemon daemon) {
        Map<String, Object> d = new LinkedHashMap<>(daemon.record().toJsonMap());
        d.put("process_live", daemon.live());
        d.put("record_state", daemon.state().id());
        return d;
    }

    public static Map<String, Object> unreadableJson(UnreadableRecord u) {
        Map<String, Object> m = new LinkedHashMap<>();
        m.put("name", u.name());
        m.put("path", u.path().toString());
        m.put("reason", u.reason());
        m.put("record_state", "unreadable");
        return m;
    }
}
