package dev.cumps.sim;

import java.util.ArrayList;
import java.util.List;

/**
 * The {@code nvidia-smi} stand-in's {@code --query-compute-apps}: the simulated processes
 * ({@link SimApps}) on the selected GPUs, one CSV row each, with the real tool's field names
 * ({@code nvidia-smi --help-query-compute-apps}).
 */
final class SmiAppsQuery {

    private SmiAppsQuery() {
    }

    /** {@code --query-compute-apps}: one row per process on the selected GPUs, nothing when there is none. */
    static NvidiaSmi.Output run(String query, String format, List<Integer> selected, SimConfig config,
            List<SimApps.App> apps) {
        SmiCsv csv = SmiCsv.of(format);
        if (csv.error() != null) {
            return csv.error();
        }
        List<String> fields = NvidiaSmi.fields(query);
        for (String name : fields) {
            if (appHeaderOf(name) == null) {
                return NvidiaSmi.badField(name);
            }
        }
        if (fields.isEmpty()) {
            return NvidiaSmi.invalid();
        }
        StringBuilder out = new StringBuilder();
        if (csv.header()) {
            out.append(String.join(", ", fields.stream().map(SmiAppsQuery::appHeaderOf).toList())).append('\n');
        }
        for (int i : selected) {
            SimGpu gpu = config.gpus().get(i);
            for (SimApps.App app : apps) {
                if (!app.gpuUuid().equalsIgnoreCase(gpu.uuid())) {
                    continue;
                }
                List<String> values = new ArrayList<>();
                for (String field : fields) {
                    values.add(switch (field) {
                        case "pid" -> Long.toString(app.pid());
                        case "gpu_uuid" -> gpu.uuid();
                        case "gpu_name" -> gpu.name();
                        case "gpu_bus_id" -> NvidiaSmi.busId(i);
                        case "process_name", "name" -> ProcName.CLIENT;
                        default -> app.usedMiB() + (csv.units() ? " MiB" : "");
                    });
                }
                out.append(String.join(", ", values)).append('\n');
            }
        }
        return new NvidiaSmi.Output(0, out.toString(), "");
    }

    /** CSV header of a valid {@code --query-compute-apps} field; {@code null} for an invalid one. */
    static String appHeaderOf(String field) {
        return switch (field) {
            case "pid" -> "pid";
            case "gpu_uuid" -> "gpu_uuid";
            case "gpu_name" -> "gpu_name";
            case "gpu_bus_id" -> "gpu_bus_id";
            case "process_name", "name" -> "process_name";
            case "used_memory", "used_gpu_memory" -> "used_gpu_memory [MiB]";
            default -> null;
        };
    }
}
