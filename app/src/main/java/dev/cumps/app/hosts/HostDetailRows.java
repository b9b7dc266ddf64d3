package dev.cumps.app.hosts;

import dev.cumps.app.ui.style.RecordLook;

/** The drill-down rows of the selected host, display-ready: its GPUs and its daemons, in words. */
public final class HostDetailRows {
    private HostDetailRows() {
    }

    /** One GPU of the selected host. */
    public record GpuLine(String index, String name, String computeMode, String uuid) {
    }

    /**
     * One daemon of the selected host: its name, its record state in words and as a look (the Overview's icon; null for a
     * state this window does not know), pid and GPUs.
     */
    public record DaemonLine(String name, String state, RecordLook look, String pid, String gpus) {
    }
}
