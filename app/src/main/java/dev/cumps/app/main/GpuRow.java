package dev.cumps.app.main;

import java.util.List;

/** One row of the GPUs table, as text ready to show (formatted by {@link MainViewModel}). */
public record GpuRow(int index, String uuid, String name, String computeMode, String memory, String mig,
                     boolean visible, String visibleText, List<String> daemonNames) {

    public GpuRow {
        daemonNames = List.copyOf(daemonNames);
    }

    public String daemons() {
        return String.join(", ", daemonNames);
    }
}
