package dev.cumps.core.proc;

import java.util.Optional;

/** The seam over {@code /proc}: unit tests inject a map, production reads the kernel. */
@FunctionalInterface
public interface ProcessTable {
    /** The process with this pid, if one exists and is not a zombie-free lookup failure. */
    Optional<ProcessInfo> find(long pid);

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
