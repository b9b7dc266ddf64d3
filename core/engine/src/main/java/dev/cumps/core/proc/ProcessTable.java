package dev.cumps.core.proc;

import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.OptionalLong;

/** The seam over {@code /proc} and signals: unit tests inject a map, production reads the kernel. */
public interface ProcessTable {
    /** The process with this pid, if {@code /proc} has it (zombies included; see {@link ProcessInfo#running()}). */
    Optional<ProcessInfo> find(long pid);

    /**
     * Sends SIGTERM to {@code identity}, only if that pid still runs with that start time. Used for
     * nothing but a daemon this very start launched and that ignored {@code quit}.
     *
     * @return whether a signal was sent
     */
    boolean terminate(ProcessIdentity identity);

    /**
     * Sends SIGKILL to {@code identity}, only if that pid still runs with that start time. Used for
     * nothing but the self-test's crash drill on a daemon it started itself ({@code cumps selftest}).
     * A table that cannot signal sends nothing.
     *
     * @return whether a signal was sent
     */
    default boolean forceKill(ProcessIdentity identity) {
        return false;
    }

    /**
     * The environment {@code pid} started with ({@code /proc/<pid>/environ}); empty when it cannot
     * be read (gone, another user's). Used to recognise a daemon by the launch nonce it inherited.
     */
    Optional<Map<String, String>> environment(long pid);

    /**
     * The start time, in the same clock ticks as {@link ProcessInfo#startTicks()}, of this very
     * process: nothing this process launched can have started before it.
     */
    long selfStartTicks();

    /**
     * The pids {@code /proc} lists now, in no particular order (a process may be gone by the time
     * it is looked up). Used to find the control daemon serving a pipe directory when its driver
     * writes no pid file (R535).
     */
    List<Long> pids();

    /** Who {@code pid} runs as; empty when {@code /proc} no longer has it or does not say. */
    default Optional<ProcessOwner> owner(long pid) {
        return Optional.empty();
    }

    /**
     * The command line {@code pid} was started with ({@code /proc/<pid>/cmdline}, split at NUL);
     * empty when it cannot be read (gone, hidden by {@code hidepid}, a kernel thread).
     */
    default Optional<List<String>> commandLine(long pid) {
        return Optional.empty();
    }

    /**
     * Clock ticks since boot now, in the unit of {@link ProcessInfo#startTicks()}: with it a start
     * time becomes a running time. Empty when unknown.
     */
    default OptionalLong ticksSinceBoot() {
        return OptionalLong.empty();
    }

    /** Whether {@code identity} still names a running process: same pid <em>and</em> same start time. */
    default boolean isAlive(ProcessIdentity identity) {
        return find(identity.pid())
                .filter(ProcessInfo::running)
                .filter(info -> info.startTicks() == identity.startTicks())
                .isPresent();
    }

    /**
     * The children {@code pid} has now, as the kernel lists them for each of its threads
     * ({@code /proc/<pid>/task/<tid>/children}); empty when unknown. A hint, not authority: the kernel's list
     * can miss a child that forks or exits meanwhile, and a pid may be gone by the time it is looked up.
     * Used to ask a control daemon its server list together with its servers' questions (NVIDIA's daemon
     * starts each {@code nvidia-cuda-mps-server} as its child).
     */
    default List<Long> children(long pid) {
        return List.of();
    }

    /** Whether any running process has this pid, whatever it is. */
    default boolean exists(long pid) {
        return find(pid).filter(ProcessInfo::running).isPresent();
    }
}
