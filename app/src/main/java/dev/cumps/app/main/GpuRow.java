package dev.cumps.app.main;

import java.util.List;

/**
 * One row of the GPUs table, as text ready to show (formatted by {@link MainViewModel}).
 *
 * @param daemonNames the names of the records pinned to the GPU
 * @param daemonsText how the Daemons column shows them: only the live ones, so that a stale record
 *                    does not read like a daemon that serves the GPU
 */
public record GpuRow(int index, String uuid, String name, String computeMode, String memory, String mig,
                     boolean visible, String visibleText, List<String> daemonNames, String daemonsText) {

    public GpuRow {
        daemonNames = List.copyOf(daemonNames);
    }

    public String daemons() {
        return daemonsText;
    }
}
