package dev.cumps.core.proc;

/**
 * Who a process runs as: the owner of {@code /proc/<pid>}, which is the process's effective uid,
 * and that uid's user name as the system's user database gives it (the uid in digits when it has none).
 */
public record ProcessOwner(long uid, String user) {
}
