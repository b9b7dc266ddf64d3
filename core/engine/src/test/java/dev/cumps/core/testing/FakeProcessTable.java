package dev.cumps.core.testing;

import dev.cumps.core.proc.ProcessIdentity;
import dev.cumps.core.proc.ProcessInfo;
import dev.cumps.core.proc.ProcessOwner;
import dev.cumps.core.proc.ProcessTable;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.OptionalLong;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.CopyOnWriteArrayList;

/**
 * An in-memory {@code /proc}: pid to {@link ProcessInfo}. Tests add, kill and reuse pids at will;
 * nothing here names a real process.
 */
public final class FakeProcessTable implements ProcessTable {
    private final Map<Long, ProcessInfo> table = new ConcurrentHashMap<>();
    private final List<ProcessIdentity> terminated = new CopyOnWriteArrayList<>();

    private final Map<Long, Map<String, String>> environments = new ConcurrentHashMap<>();
    private volatile long selfStartTicks;
    private final Map<Long, ProcessOwner> owners = new ConcurrentHashMap<>();
    private final Map<Long, Boolean> hiddenOwners = new ConcurrentHashMap<>();
    private volatile ProcessOwner defaultOwner;
    private final Map<Long, List<String>> commandLines = new ConcurrentHashMap<>();
    private volatile OptionalLong ticksSinceBoot = OptionalLong.empty();
    private final Map<Long, Runnable> onExit = new ConcurrentHashMap<>();
    private final Map<Long, Integer> finds = new ConcurrentHashMap<>();
    private final Map<Long, Long> parents = new ConcurrentHashMap<>();

    /** Runs {@code action} once when {@code pid} leaves the table (killed, terminated): what dies with a real process. */
    public void onExit(long pid, Runnable action) {
        onExit.put(pid, action);
    }

    private void exited(long pid) {
        Runnable action = onExit.remove(pid);
        if (action != null) {
            action.run();
        }
    }

    /** What {@code /proc} says of {@code pid}'s owner and command line (only while the pid is in the table). */
    public void describe(long pid, ProcessOwner owner, List<String> commandLine) {
        owners.put(pid, owner);
        commandLines.put(pid, List.copyOf(commandLine));
    }

    /** The clock: ticks since boot "now". */
    public void ticksSinceBoot(long ticks) {
        this.ticksSinceBoot = OptionalLong.of(ticks);
    }

    /** Who runs every process not {@link #describe described} otherwise (as on a real host, the caller, mostly). */
    public void defaultOwner(ProcessOwner owner) {
        this.defaultOwner = owner;
    }

    /** {@code /proc} does not say who runs {@code pid} (as under {@code hidepid=2}). */
    public void hideOwner(long pid) {
        hiddenOwners.put(pid, true);
    }

    @Override
    public Optional<ProcessOwner> owner(long pid) {
        if (!table.containsKey(pid) || hiddenOwners.containsKey(pid)) {
            return Optional.empty();
        }
        return Optional.ofNullable(owners.getOrDefault(pid, defaultOwner));
    }

    @Override
    public Optional<List<String>> commandLine(long pid) {
        return table.containsKey(pid) ? Optional.ofNullable(commandLines.get(pid)) : Optional.empty();
    }

    @Override
    public OptionalLong ticksSinceBoot() {
        return ticksSinceBoot;
    }

    @Override
    public Optional<Map<String, String>> environment(long pid) {
        return table.containsKey(pid) ? Optional.of(environments.getOrDefault(pid, Map.of())) : Optional.empty();
    }

    @Override
    public List<Long> pids() {
        return List.copyOf(table.keySet());
    }

    @Override
    public long selfStartTicks() {
        return selfStartTicks;
    }

    /** When "this process" (the cumps under test) started; fake daemons start at 1000 and later. */
    public void selfStartTicks(long ticks) {
        this.selfStartTicks = ticks;
    }

    /** A running process with this comm, start time and environment. */
    public void put(long pid, String comm, long startTicks, Map<String, String> environment) {
        environments.put(pid, Map.copyOf(environment));
        table.put(pid, new ProcessInfo(pid, comm, 'S', startTicks));
    }

    @Override
    public Optional<ProcessInfo> find(long pid) {
        finds.merge(pid, 1, Integer::sum);
        return Optional.ofNullable(table.get(pid));
    }

    /** How often {@link #find} was asked for {@code pid} so far: each time a record's liveness is judged, among others. */
    public int finds(long pid) {
        return finds.getOrDefault(pid, 0);
    }

    /** SIGTERM ends the fake process when the identity still matches; what was signalled is kept. */
    @Override
    public boolean terminate(ProcessIdentity identity) {
        if (!isAlive(identity)) {
            return false;
        }
        terminated.add(identity);
        table.remove(identity.pid());
        exited(identity.pid());
        return true;
    }

    /** SIGKILL, as {@link #terminate}: only a matching identity ends; it is kept with the terminated ones. */
    @Override
    public boolean forceKill(ProcessIdentity identity) {
        return terminate(identity);
    }

    public List<ProcessIdentity> terminated() {
        return List.copyOf(terminated);
    }

    /** A running process with this comm and start time. */
    public void put(long pid, String comm, long startTicks) {
        environments.remove(pid);
        table.put(pid, new ProcessInfo(pid, comm, 'S', startTicks));
    }

    /** The process exits and is reaped: the pid disappears. */
    public void kill(long pid) {
        table.remove(pid);
        environments.remove(pid);
        exited(pid);
    }

    /** The pid now belongs to another process: same number, another start time and comm. */
    public void reuse(long pid, String comm, long startTicks) {
        exited(pid);
        put(pid, comm, startTicks);
    }

    /** The process has exited but is not reaped yet. */
    public void zombie(long pid) {
        table.computeIfPresent(pid, (p, info) -> new ProcessInfo(p, info.comm(), 'Z', info.startTicks()));
    }

    /** {@code child} is a child of {@code parent} (listed by {@link #children} while both are in the table). */
    public void parent(long child, long parent) {
        parents.put(child, parent);
    }

    @Override
    public List<Long> children(long pid) {
        if (!table.containsKey(pid)) {
            return List.of();
        }
        return parents.entrySet().stream().filter(e -> e.getValue() == pid && table.containsKey(e.getKey()))
                .map(Map.Entry::getKey).sorted().toList();
    }

    public boolean contains(long pid) {
        return table.containsKey(pid);
    }
}
