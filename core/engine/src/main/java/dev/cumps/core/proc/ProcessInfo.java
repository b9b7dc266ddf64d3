package dev.cumps.core.proc;

/**
 * What {@code /proc/<pid>/stat} says about one process.
 *
 * @param comm  the command name between the parentheses (may contain spaces and parentheses)
 * @param state the one-letter state; {@code Z} (zombie) and {@code X} (dead) mean it has exited
 */
public record ProcessInfo(long pid, String comm, char state, long startTicks) {
    public ProcessIdentity identity() {
        return new ProcessIdentity(pid, startTicks);
    }

    /** Whether the process still runs: an exited process waiting to be reaped does not. */
    public boolean running() {
        return state != 'Z' && state != 'X' && state != 'x';
    }
}
