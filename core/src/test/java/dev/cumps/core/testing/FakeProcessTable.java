package dev.cumps.core.testing;

import dev.cumps.core.proc.ProcessIdentity;
import dev.cumps.core.proc.ProcessInfo;
import dev.cumps.core.proc.ProcessTable;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.ConcurrentHashMap;

/**
 * An in-memory {@code /proc}: pid to {@link ProcessInfo}. Tests add, kill and reuse pids at will;
 * nothing here names a real process.
 */
public final class FakeProcessTable implements ProcessTable {
    private final Map<Long, ProcessInfo> table = new ConcurrentHashMap<>();
    private final java.util.List<ProcessIdentity> terminated = new java.util.concurrent.CopyOnWriteArrayList<>();

    @Override
    public Optional<ProcessInfo> find(long pid) {
        return Optional.ofNullable(table.get(pid));
    }

    /** SIGTERM ends the fake process when the identity still matches; what was signalled is kept. */
    @Override
    public boolean terminate(ProcessIdentity identity) {
        if (!isAlive(identity)) {
            return false;
        }
        terminated.add(identity);
        table.remove(identity.pid());
        return true;
    }

    public java.util.List<ProcessIdentity> terminated() {
        return java.util.List.copyOf(terminated);
    }

    /** A running process with this comm and start time. */
    public void put(long pid, String comm, long startTicks) {
        table.put(pid, new ProcessInfo(pid, comm, 'S', startTicks));
    }

    /** The process exits and is reaped: the pid disappears. */
    public void kill(long pid) {
        table.remove(pid);
    }

    /** The pid now belongs to another process: same number, another start time and comm. */
    public void reuse(long pid, String comm, long startTicks) {
        put(pid, comm, startTicks);
    }

    /** The process has exited but is not reaped yet. */
    public void zombie(long pid) {
        table.computeIfPresent(pid, (p, info) -> new ProcessInfo(p, info.comm(), 'Z', info.startTicks()));
    }

    public boolean contains(long pid) {
        return table.containsKey(pid);
    }
}
