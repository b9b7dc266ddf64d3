package dev.cumps.core.lifecycle;

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
import java.util.List;
import java.util.Optional;

/**
 * What a previous daemon leaves in a pipe directory: its sockets, {@code control_lock}, a FIFO
 * named {@code log} and its pid file (R550 and later; R535 writes none). Before a launch they are
 * cleared, or the start refuses while a daemon still serves the directory (its pid file, a process of
 * the caller's whose environment names the directory, or a listening socket says so);
 * after a daemon has verifiably exited they are removed, so the directory can be used again.
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
            throw new CumpsException(Message.of(LifecycleText.UNMANAGED_DAEMON_RUNNING, owner.get().pid(), pipe));
        }
        // R535 writes no pid file: a daemon (or server) of the caller's that still serves this
        // directory shows in its own environment, and any daemon in its listening socket.
        List<Long> onPipe = DaemonPids.onPipe(processes, pipe);
        if (!onPipe.isEmpty()) {
            throw new CumpsException(Message.of(LifecycleText.UNMANAGED_DAEMON_RUNNING, onPipe.get(0), pipe));
        }
        if (ControlPipe.kindOf(pipe.resolve(ControlPipe.CONTROL)).filter(k -> k == ControlPipe.Kind.UNIX_SOCKET).isPresent()
                && ControlPipe.acceptsConnections(pipe.resolve(ControlPipe.CONTROL))) {
            throw new CumpsException(Message.of(LifecycleText.CONTROL_LISTENING, pipe.resolve(ControlPipe.CONTROL), pipe));
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
            throw new CumpsException(Message.of(LifecycleText.LEFTOVERS_NOT_CLEARED, pipe, String.valueOf(e.getMessage())));
        }
        if (Files.exists(pipe.resolve(ControlPipe.CONTROL), LinkOption.NOFOLLOW_LINKS)) {
            throw new CumpsException(Message.of(LifecycleText.CONTROL_EXISTS, pipe.resolve(ControlPipe.CONTROL)));
        }
        // No daemon runs under a pid file that is still here (checked above); left in place, it would
        // be mistaken for the new daemon's while that one starts.
        try {
            deleteUnlessDirectory(pipe.resolve(RuntimeDirs.PID_FILE));
        } catch (IOException e) {
            throw new CumpsException(Message.of(LifecycleText.STALE_PID_FILE_NOT_REMOVED, pipe, String.valueOf(e.getMessage())));
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
