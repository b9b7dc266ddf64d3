package dev.cumps.core.proc;

import java.util.Map;
import java.util.Optional;

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
     * The environment {@code pid} started with ({@code /proc/<pid>/environ}); empty when it cannot
     * be read (gone, another user's). Used to recognise a daemon by the launch nonce it inherited.
     */
    Optional<Map<String, String>> environment(long pid);

    /**
     * The start time, in the same clock ticks as {@link ProcessInfo#startTicks()}, of this very
     * process: nothing this process launched can have started before it.
     */
    long selfStartTicks();

    /** Whether {@code identity} still names a running process: same pid <em>and</em> same start time. */
    default boolean isAlive(ProcessIdentity identity) {
        return find(identity.pid())
                .filter(ProcessInfo::running)
                .filter(info -> info.startTicks() == identity.startTicks())
                .isPresent();
    }

    /** Whether any running process has this pid, whatever it is. */
    default boolean exists(long pid) {
        return find(pid).filter(ProcessInfo::running).isPresent();
    }
}
