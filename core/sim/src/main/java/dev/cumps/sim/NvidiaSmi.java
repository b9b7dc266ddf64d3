package dev.cumps.sim;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/**
 * What the {@code nvidia-smi} stand-in prints for a command line, as a pure function of the
 * arguments and the {@link SimConfig}. Faults that are about time ({@link SmiFault#HANG}) are left
 * to {@link NvidiaSmiMain}.
 */
final class NvidiaSmi {

    /** What one run prints and returns. */
    record Output(int exitCode, String stdout, String stderr) {
    }

    static final String DRIVER_FAILURE = "NVIDIA-SMI has failed because it couldn't communicate with the NVIDIA "
            + "driver. Make sure that the latest NVIDIA driver is installed and running.";
    static final String INVALID_ARGUMENTS = "Invalid combination of input arguments. Please run 'nvidia-smi -h' "
            + "for help.";

    private static final int[] PCI_BUSES = {0x18, 0x2A, 0x3A, 0x5D, 0x9A, 0xAB, 0xBA, 0xDB};

    private NvidiaSmi() {
    }

    /** A machine on which no process uses a GPU. */
    static Output run(List<String> args, SimConfig config) {
        return run(args, config, List.of(), 0);
    }

    /**
     * {@code apps}: the processes on the GPUs ({@link SimApps}); {@code epochSecond}: the time the
     * utilisation is computed for.
     */
    static Output run(List<String> args, SimConfig config, List<SimApps.App> apps, long epochSecond) {
        switch (config.smiFault()) {
            case FAIL:
                return new Output(9, DRIVER_FAILURE + "\n\n", "");
            case GARBAGE:
                return new Output(0, "\u0000\u0007%%%% NVML: [unexpected token 0x7f] <<<garbled>>>\n???;;;\n", "");
            case MISSING:
                return new Output(127, "", "nvidia-smi: command not found\n");
            default:
                break;
        }
        String query = null;
        String appsQuery = null;
        String format = null;
        String ids = null;
        boolean list = false;
        for (int i = 0; i < args.size(); i++) {
            String arg = args.get(i);
            String next = i + 1 < args.size() ? args.get(i + 1) : null;
            if (arg.startsWith("--query-gpu=")) {
                query = arg.substring("--query-gpu=".length());
            } else if (arg.equals("--query-gpu") && next != null) {
                query = next;
                i++;
            } else if (arg.startsWith("--query-compute-apps=")) {
                appsQuery = arg.substring("--query-compute-apps=".length());
            } else if (arg.startsWith("--format=")) {
                format = arg.substring("--format=".length());
            } else if (arg.equals("--format") && next != null) {
                format = next;
                i++;
            } else if (arg.startsWith("--id=")) {
                ids = arg.substring("--id=".length());
            } else if ((arg.equals("-i") || arg.equals("--id")) && next != null) {
                ids = next;
                i++;
            } else if (arg.equals("-L") || arg.equals("--list-gpus")) {
                list = true;
            } else {
                return invalid();
            }
        }
        List<Integer> selected = select(ids, config);
        if (selected == null) {
            return new Output(6, "No devices were found\n", "");
        }
        if (appsQuery != null) {
            return query == null && !list && format != null ? SmiAppsQuery.run(appsQuery, format, selected, config, apps) : invalid();
        }
        if (list && query == null && format == null) {
            return new Output(0, listGpus(selected, config), "");
        }
        if (query != null && format != null && !list) {
            return queryGpu(query, format, selected, config, apps, epochSecond);
        }
        if (query == null && format == null && !list) {
            return new Output(0, SmiSummary.of(selected, config), "");
        }
        return invalid();
    }

    static Output invalid() {
        return new Output(2, INVALID_ARGUMENTS + "\n", "");
    }

    /** Indices chosen by {@code -i}: comma-separated indices or UUIDs; {@code null} if one matches none. */
    private static List<Integer> select(String ids, SimConfig config) {
        List<Integer> all = new ArrayList<>();
        for (int i = 0; i < config.gpus().size(); i++) {
            all.add(i);
        }
        if (ids == null) {
            return all;
        }
        List<Integer> chosen = new ArrayList<>();
        for (String id : ids.split(",")) {
            String wanted = id.trim();
            int found = -1;
            for (int i = 0; i < config.gpus().size(); i++) {
                if (wanted.equals(Integer.toString(i)) || wanted.equalsIgnoreCase(config.gpus().get(i).uuid())) {
                    found = i;
                }
            }
            if (found < 0) {
                return null;
            }
            chosen.add(found);
        }
        return chosen;
    }

    private static String listGpus(List<Integer> selected, SimConfig config) {
        StringBuilder out = new StringBuilder();
        for (int i : selected) {
            SimGpu gpu = config.gpus().get(i);
            out.append("GPU ").append(i).append(": ").append(gpu.name()).append(" (UUID: ").append(gpu.uuid())
                    .append(")\n");
        }
        return out.toString();
    }

    /** The non-empty field names of a query, in order. */
    static List<String> fields(String query) {
        List<String> fields = new ArrayList<>();
        for (String field : query.split(",")) {
            String name = field.trim();
            if (!name.isEmpty()) {
                fields.add(name);
            }
        }
        return fields;
    }

    static Output badField(String name) {
        return new Output(2, "Field \"" + name + "\" is not a valid field to query.\n\n", "");
    }

    private static Output queryGpu(String query, String format, List<Integer> selected, SimConfig config,
            List<SimApps.App> apps, long epochSecond) {
        SmiCsv csv = SmiCsv.of(format);
        if (csv.error() != null) {
            return csv.error();
        }
        List<String> fields = fields(query);
        for (String name : fields) {
            if (headerOf(name) == null) {
                return badField(name);
            }
        }
        if (fields.isEmpty()) {
            return invalid();
        }
        StringBuilder out = new StringBuilder();
        if (csv.header()) {
            out.append(String.join(", ", fields.stream().map(NvidiaSmi::headerOf).toList())).append('\n');
        }
        for (int i : selected) {
            String uuid = config.gpus().get(i).uuid();
            List<SimApps.App> on = apps.stream().filter(a -> a.gpuUuid().equalsIgnoreCase(uuid)).toList();
            List<String> values = new ArrayList<>();
            for (String field : fields) {
                values.add(switch (field) {
                    case "utilization.gpu" -> SimApps.utilization(on.size(), epochSecond) + (csv.units() ? " %" : "");
                    case "memory.used" -> on.stream().mapToLong(SimApps.App::usedMiB).sum() + (csv.units() ? " MiB" : "");
                    default -> value(field, i, config, csv.units());
                });
            }
            out.append(String.join(", ", values)).append('\n');
        }
        return new Output(0, out.toString(), "");
    }

    /** CSV header of a valid field, as the real tool prints it; {@code null} for an invalid field. */
    static String headerOf(String field) {
        return switch (field) {
            case "index" -> "index";
            case "uuid", "gpu_uuid" -> "uuid";
            case "name", "gpu_name" -> "name";
            case "memory.total" -> "memory.total [MiB]";
            case "compute_mode" -> "compute_mode";
            case "mig.mode.current" -> "mig.mode.current";
            case "driver_version" -> "driver_version";
            case "pci.bus_id", "gpu_bus_id" -> "pci.bus_id";
            case "count" -> "count";
            case "utilization.gpu" -> "utilization.gpu [%]";
            case "memory.used" -> "memory.used [MiB]";
            default -> null;
        };
    }

    private static String value(String field, int index, SimConfig config, boolean units) {
        SimGpu gpu = config.gpus().get(index);
        return switch (field) {
            case "index" -> Integer.toString(index);
            case "uuid", "gpu_uuid" -> gpu.uuid();
            case "name", "gpu_name" -> gpu.name();
            case "memory.total" -> gpu.memoryTotalMiB() + (units ? " MiB" : "");
            case "compute_mode" -> gpu.computeMode();
            case "mig.mode.current" -> gpu.migMode();
            case "driver_version" -> config.driverVersion();
            case "pci.bus_id", "gpu_bus_id" -> busId(index);
            case "count" -> Integer.toString(config.gpus().size());
            default -> "[N/A]";
        };
    }

    static String busId(int index) {
        int bus = index < PCI_BUSES.length ? PCI_BUSES[index] : 0x10 + index;
        return String.format(Locale.ROOT, "00000000:%02X:00.0", bus);
    }
}
