package dev.cumps.core.fix;

import dev.cumps.core.doctor.FixTarget;
import dev.cumps.core.doctor.PipeLeftovers;
import dev.cumps.core.message.CumpsException;
import dev.cumps.core.message.Message;
import dev.cumps.core.mps.RuntimeDirs;
import dev.cumps.core.proc.ProcessTable;
import dev.cumps.core.record.Liveness;
import dev.cumps.core.record.ManagedDaemon;
import dev.cumps.core.record.RecordStore;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.Path;
import java.util.List;
import java.util.Optional;
import java.util.Set;

/**
 * Removes an orphaned control socket or a stale pid file, after judging it again right before with
 * the doctor's own rules ({@link PipeLeftovers}): the directory is a private directory of the caller
 * (a real directory, owned by the caller, mode 0700, no parent another user can change), no live
 * record names it, the file itself is the caller's (a socket, or a regular file: never a link) and
 * still orphaned or stale. The removal unlinks the name; a link is never followed. Only a 0700
 * directory of the caller's is acted in, so nobody else can swap the file between check and removal.
 */
final class LeftoverRemoval {
    private final RecordStore store;
    private final Liveness liveness;
    private final ProcessTable processes;

    LeftoverRemoval(RecordStore store, Liveness liveness, ProcessTable processes) {
        this.store = store;
        this.liveness = liveness;
        this.processes = processes;
    }

    Path removeOrphanedSocket(FixTarget.OrphanedSocket target) {
        Path socket = target.socket();
        Path dir = privateDirectory(socket);
        if (!PipeLeftovers.orphanedSockets(dir, store.uid(), liveDirectories(), processes).contains(socket)) {
            throw new CumpsException(Message.of(FixMessages.NOT_ORPHAN, socket));
        }
        return delete(socket);
    }

    Path removeStalePidFile(FixTarget.StalePidFile target) {
        Path file = target.pidFile();
        Path dir = privateDirectory(file);
        boolean stale = file.getFileName().toString().equals(RuntimeDirs.PID_FILE)
                && PipeLeftovers.stalePid(dir, store.uid(), liveDirectories(), processes).equals(Optional.of(target.pid()));
        if (!stale) {
            throw new CumpsException(Message.of(FixMessages.NOT_STALE_PID_FILE, file, target.pid()));
        }
        return delete(file);
    }

    /** Whether nothing at all (not even a link) is at {@code file} any more. */
    static boolean gone(Path file) {
        return !Files.exists(file, LinkOption.NOFOLLOW_LINKS);
    }

    /** The directory holding {@code file}, once it is shown to be a private directory of the caller's. */
    private Path privateDirectory(Path file) {
        Path dir = file.toAbsolutePath().normalize().getParent();
        if (dir == null || !PipeLeftovers.privateDirectory(dir, store.uid())) {
            throw new CumpsException(Message.of(FixMessages.NOT_PRIVATE_DIRECTORY, dir == null ? file : dir, store.uid()));
        }
        // No parent another user could rename or replace (the same rule as for a start's directories).
        RuntimeDirs.checkParentChain(dir, store.uid());
        return dir;
    }

    private Set<Path> liveDirectories() {
        List<ManagedDaemon> managed = store.list().records().stream().map(liveness::assess).toList();
        return PipeLeftovers.liveDirectories(managed);
    }

    private static Path delete(Path file) {
        try {
            // unlink(2): removes the name itself; a link in its place would be removed, never followed.
            Files.delete(file);
            return file;
        } catch (IOException e) {
            throw new CumpsException(Message.of(FixMessages.REMOVE_FAILED, file, String.valueOf(e.getMessage())));
        }
    }
}
