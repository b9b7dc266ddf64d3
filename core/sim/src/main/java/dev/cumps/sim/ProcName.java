package dev.cumps.sim;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;

/** Sets the process name shown in {@code /proc/<pid>/stat} and {@code ps -o comm}. */
final class ProcName {

    /** Linux keeps at most 15 bytes of a process name (TASK_COMM_LEN - 1). */
    static final int MAX = 15;

    /** The name of a simulated client ({@link MpsClientMain}), a stand-in for a CUDA program. */
    static final String CLIENT = "sim-cuda-app";

    private ProcName() {
    }

    /**
     * Writes {@code name}, cut to 15 bytes, to {@code /proc/self/comm}. {@code /proc/self} names the
     * thread group, so this renames the main task that {@code /proc/<pid>/stat} describes, whichever
     * Java thread runs it. Best effort: without procfs nothing happens.
     */
    static void set(String name) {
        String cut = name.length() > MAX ? name.substring(0, MAX) : name;
        try {
            Files.writeString(Path.of("/proc/self/comm"), cut);
        } catch (IOException | UnsupportedOperationException e) {
            // Not Linux, or procfs not mounted: the name is cosmetic there.
        }
    }
}
