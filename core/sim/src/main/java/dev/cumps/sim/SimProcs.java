package dev.cumps.sim;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;

/** Whether a process still runs, for the stand-ins: a zombie (exited, not yet reaped) does not. */
final class SimProcs {

    private SimProcs() {
    }

    /**
     * Whether {@code pid} runs: {@code /proc/<pid>/stat} exists and its state (the field after the
     * last {@code ')'}) is not {@code Z} or {@code X}. A simulated client killed after its launcher
     * exited is reaped by whoever adopted it, which in a container may be never.
     */
    static boolean running(long pid) {
        try {
            String stat = Files.readString(Path.of("/proc", Long.toString(pid), "stat"), StandardCharsets.UTF_8);
            int close = stat.lastIndexOf(')');
            if (close < 0 || close + 2 >= stat.length()) {
                return false;
            }
            char state = stat.charAt(close + 2);
            return state != 'Z' && state != 'X' && state != 'x';
        } catch (IOException e) {
            return false;
        }
    }
}
