package dev.cumps.sim;

import java.util.List;
import java.util.Locale;

/** The table the {@code nvidia-smi} stand-in prints with no arguments, laid out like the real tool's. */
final class SmiSummary {

    private SmiSummary() {
    }

    static String of(List<Integer> selected, SimConfig config) {
        String rule = "+" + "-".repeat(89) + "+\n";
        String cells = "+" + "-".repeat(41) + "+" + "-".repeat(24) + "+" + "-".repeat(22) + "+\n";
        StringBuilder out = new StringBuilder();
        out.append(rule);
        out.append(wide(String.format(Locale.ROOT, "NVIDIA-SMI %-21s Driver Version: %-14s CUDA Version: 12.4",
                config.driverVersion(), config.driverVersion())));
        out.append(cells.replace('+', '|'));
        out.append(row("GPU  Name                 Persistence-M", "Bus-Id          Disp.A", "Volatile Uncorr. ECC"));
        out.append(row("", "          Memory-Usage", "GPU-Util  Compute M."));
        out.append(row("", "", "              MIG M."));
        out.append(cells.replace('-', '=').replace('+', '|'));
        for (int i : selected) {
            SimGpu gpu = config.gpus().get(i);
            String name = gpu.name().length() > 30 ? gpu.name().substring(0, 30) : gpu.name();
            out.append(row(String.format(Locale.ROOT, "%3d  %-30s  On", i, name),
                    String.format(Locale.ROOT, "%-16s   Off", NvidiaSmi.busId(i)), String.format("%20s", "0")));
            out.append(row("", String.format("%22s", "0MiB / " + gpu.memoryTotalMiB() + "MiB"),
                    String.format(Locale.ROOT, "%2s%%%17s", "0", abbreviate(gpu.computeMode()))));
            out.append(row("", "", String.format("%20s", gpu.migMode())));
            out.append(cells);
        }
        out.append("\n").append(rule);
        out.append(wide("Processes:"));
        out.append(wide(" GPU   GI   CI        PID   Type   Process name                              GPU Memory"));
        out.append("|" + "=".repeat(89) + "|\n");
        out.append(wide(" No running processes found"));
        out.append(rule);
        return out.toString();
    }

    private static String wide(String text) {
        return String.format("| %-87s |%n", text);
    }

    private static String row(String first, String second, String third) {
        return String.format("| %-39s | %-22s | %-20s |%n", first, second, third);
    }

    private static String abbreviate(String computeMode) {
        return computeMode.equals("Exclusive_Process") ? "E. Process" : computeMode;
    }
}
