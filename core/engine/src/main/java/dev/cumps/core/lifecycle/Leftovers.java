package dev.cumps.core.lifecycle;

import dev.cumps.core.doctor.PipeLeftovers;
import dev.cumps.core.message.CumpsException;
import dev.cumps.core.message.Message;
import dev.cumps.core.mps.ControlPipe;
import dev.cumps.core.mps.DaemonPids;
import dev.cumps.core.mps.RuntimeDirs;
import dev.cumps.core.proc.ProcessInfo;
import dev.cumps.core.proc.ProcessTable;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.Set;

/**
 * What a previous daemon leaves in a pipe directory: its sockets, {@code control_lock}, a FIFO
 * named {@code log} and its pid file (R550 and later; R535 writes none). Before a launch they are
 * cleared, or the start refuses while a daemon still serves the directory (its pid file, a process of
 * the caller's whose environment names the directory, or a listening socket says so);
 * after a daemon has verifiably exited they are removed, so the directory can be used again; and
 * when a record turns out stale, what its dead daemon left is removed by the doctor's own rules.
 */
final class Leftovers {
    private static final String CONTROL_LOCK = "control_lock";
    private static final String LOG_FIFO = "log";

    private final ProcessTable processes;

    Leftovers(ProcessTable processes) {
        this.processes = processes;
    }

    /**
     * Before a launch: removes what a failed launch leaves (a {@code control_lock} file, a FIFO
     * named {@code log}); in the default pipe directory also orphaned sockets whose daemon is gone.
     * Refuses a directory a running daemon serves, or whose {@code control} still exists.
     */
    void clearBeforeLaunch(StartPlan plan) {
        Path pipe = plan.pipeDirectory();
        Optional<ProcessInfo> owner = RuntimeDirs.readPidFile(pipe).flatMap(processes::find).filter(ProcessInfo::running);
        if (owner.filter(DaemonPids::isMpsProcess).isPresent()) {
            throw new CumpsException(Message.of(LifecycleMessages.UNMANAGED_DAEMON_RUNNING, owner.get().pid(), pipe));
        }
        // R535 writes no pid file: a daemon (or server) of the caller's that still serves this
        // directory shows in its own environment, and any daemon in its listening socket.
        List<Long> onPipe = DaemonPids.onPipe(processes, pipe);
        if (!onPipe.isEmpty()) {
            throw new CumpsException(Message.of(LifecycleMessages.UNMANAGED_DAEMON_RUNNING, onPipe.get(0), pipe));
        }
        if (ControlPipe.kindOf(pipe.resolve(ControlPipe.CONTROL)).filter(k -> k == ControlPipe.Kind.UNIX_SOCKET).isPresent()
                && ControlPipe.acceptsConnections(pipe.resolve(ControlPipe.CONTROL))) {
            throw new CumpsException(Message.of(LifecycleMessages.CONTROL_LISTENING, pipe.resolve(ControlPipe.CONTROL), pipe));
        }
        try {
            // Not only regular files: the daemon opens control_lock and writes its pid file without
            // refusing links, so a link left here would make it lock or overwrite another file.
            deleteUnlessDirectory(pipe.resolve(CONTROL_LOCK));
            Path logFifo = pipe.resolve(LOG_FIFO);
            if (isFifo(logFifo)) {
                Files.delete(logFifo);
            }
            if (plan.defaultPipeDirectory()) {
                for (String socket : List.of(ControlPipe.CONTROL, ControlPipe.CONTROL_PRIVILEGED)) {
                    Path p = pipe.resolve(socket);
                    if (ControlPipe.kindOf(p).isPresent()) {
                        Files.delete(p);
                    }
                }
            }
        } catch (IOException e) {
            throw new CumpsException(Message.of(LifecycleMessages.LEFTOVERS_NOT_CLEARED, pipe, String.valueOf(e.getMessage())));
        }
        if (Files.exists(pipe.resolve(ControlPipe.CONTROL), LinkOption.NOFOLLOW_LINKS)) {
            throw new CumpsException(Message.of(LifecycleMessages.CONTROL_EXISTS, pipe.resolve(ControlPipe.CONTROL)));
        }
        // No daemon runs under a pid file that is still here (checked above); left in place, it would
        // be mistaken for the new daemon's while that one starts.
        try {
            deleteUnlessDirectory(pipe.resolve(RuntimeDirs.PID_FILE));
        } catch (IOException e) {
            throw new CumpsException(Message.of(LifecycleMessages.STALE_PID_FILE_NOT_REMOVED, pipe, String.valueOf(e.getMessage())));
        }
    }

    /**
     * After the daemon {@code stoppedPid} has verifiably exited: removes what it leaves in its own
     * pipe directory (the daemon leaves its sockets behind). Nothing is removed while the pid file
     * names another process, nor while another MPS process of the caller's still serves the directory.
     * Failures are logged, not raised: the stop itself has succeeded.
     */
    void removeAfterExit(Path pipe, long stoppedPid) {
        Optional<Long> pidFile = RuntimeDirs.readPidFile(pipe);
        if (pidFile.isPresent() && pidFile.get() != stoppedPid
                || DaemonPids.onPipe(processes, pipe).stream().anyMatch(pid -> pid != stoppedPid)) {
            return;
        }
        for (String leftover : List.of(ControlPipe.CONTROL, ControlPipe.CONTROL_PRIVILEGED, CONTROL_LOCK, RuntimeDirs.PID_FILE)) {
            try {
                Path p = pipe.resolve(leftover);
                if (!Files.isDirectory(p, LinkOption.NOFOLLOW_LINKS)) {
                    Files.deleteIfExists(p);
                }
            } catch (IOException e) {
                LifecycleLog.log().log(System.Logger.Level.WARNING, "could not remove {0} in {1}: {2}", leftover, pipe, e.getMessage());
            }
        }
        Path logFifo = pipe.resolve(LOG_FIFO);
        if (isFifo(logFifo)) {
            try {
                Files.delete(logFifo);
            } catch (IOException e) {
                LifecycleLog.log().log(System.Logger.Level.WARNING, "could not remove {0}: {1}", logFifo, e.getMessage());
            }
        }
    }

    /**
     * After the stale record of a dead daemon has been removed: removes what the doctor's Fix… would
     * (the same rules, {@link PipeLeftovers}): the control sockets nobody listens on and a pid file naming
     * no running MPS control daemon, of the caller's, in {@code pipe} when it is a private directory of
     * the caller's (a real directory, mode 0700, no parent another user can change) that no live record
     * names. Links are never followed; anything else is left for the doctor to show. Returns what was
     * removed; failures are logged, not raised: the record is gone either way.
     */
    List<Path> removeOfDeadDaemon(Path pipe, int uid, Set<Path> liveDirs) {
        Path dir = pipe.toAbsolutePath().normalize();
        if (!PipeLeftovers.privateDirectory(dir, uid)) {
            return List.of();
        }
        try {
            RuntimeDirs.checkParentChain(dir, uid);
        } catch (CumpsException e) {
            return List.of();
        }
        List<Path> leftovers = new ArrayList<>(PipeLeftovers.orphanedSockets(dir, uid, liveDirs, processes));
        PipeLeftovers.stalePid(dir, uid, liveDirs, processes).ifPresent(pid -> leftovers.add(dir.resolve(RuntimeDirs.PID_FILE)));
        List<Path> removed = new ArrayList<>();
        for (Path p : leftovers) {
            try {
                // unlink(2): the name itself; judged just above, in a directory only the caller can change.
                Files.delete(p);
                removed.add(p);
            } catch (IOException e) {
                LifecycleLog.log().log(System.Logger.Level.WARNING, "could not remove {0}: {1}", p, e.getMessage());
            }
        }
        return removed;
    }

    private static boolean isFifo(Path p) {
        return ControlPipe.kindOf(p).filter(k -> k == ControlPipe.Kind.FIFO).isPresent();
    }

    /** Deletes {@code p} (a file, socket, FIFO or link itself) unless it is a directory; absent is fine. */
    private static void deleteUnlessDirectory(Path p) throws IOException {
        if (Files.exists(p, LinkOption.NOFOLLOW_LINKS) && !Files.isDirectory(p, LinkOption.NOFOLLOW_LINKS)) {
            Files.delete(p);
        }
    }
}
