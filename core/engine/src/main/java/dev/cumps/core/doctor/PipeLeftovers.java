package dev.cumps.core.doctor;

import dev.cumps.core.host.HostEnvironment;
import dev.cumps.core.mps.ControlPipe;
import dev.cumps.core.mps.DaemonPids;
import dev.cumps.core.mps.RuntimeDirs;
import dev.cumps.core.proc.ProcessTable;
import dev.cumps.core.record.DaemonRecord;
import dev.cumps.core.record.ManagedDaemon;
import java.io.IOException;
import java.nio.file.DirectoryStream;
import java.nio.file.Files;
import java.nio.file.InvalidPathException;
import java.nio.file.LinkOption;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermission;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Optional;
import java.util.Set;

/**
 * What dead daemons leave in the caller's own pipe directories, judged the same way by the doctor's
 * checks and, right before removing anything, by the fix service: a control socket nobody serves and
 * a pid file naming a process that is gone or is no MPS control daemon. Only directories that are the
 * caller's and private (a real directory, not a link, owned by the caller, mode 0700) are looked at,
 * and never one a live record names. Reads only.
 */
public final class PipeLeftovers {
    private static final Set<PosixFilePermission> PRIVATE = PosixFilePermissions.fromString("rwx------");

    private PipeLeftovers() {
    }

    /**
     * The pipe directories of the caller worth looking at: every record's, each one under the runtime
     * root ({@code uni-cumps-<uid>/<name>/pipe}) and the caller's {@code CUDA_MPS_PIPE_DIRECTORY}; only
     * those that are private directories of the caller. NVIDIA's default {@code /tmp/nvidia-mps} only
     * when the caller points {@code CUDA_MPS_PIPE_DIRECTORY} at it: a daemon started there by hand is
     * not ours to judge otherwise.
     */
    public static List<Path> directories(HostEnvironment host, List<ManagedDaemon> managed) {
        Set<Path> dirs = new LinkedHashSet<>();
        managed.forEach(d -> dirs.add(normal(d.record().pipeDirectory())));
        Path root = RuntimeDirs.runtimeRoot(host);
        if (Files.isDirectory(root, LinkOption.NOFOLLOW_LINKS)) {
            try (DirectoryStream<Path> names = Files.newDirectoryStream(root)) {
                names.forEach(d -> dirs.add(normal(d.resolve("pipe"))));
            } catch (IOException e) {
                // An unreadable runtime root hides nothing a record does not already show.
            }
        }
        host.get("CUDA_MPS_PIPE_DIRECTORY").filter(s -> !s.isBlank()).flatMap(PipeLeftovers::path).ifPresent(dirs::add);
        return dirs.stream().filter(d -> privateDirectory(d, host.uid())).toList();
    }

    /** The pipe directories that live records name (their daemons' own: never touched). */
    public static Set<Path> liveDirectories(List<ManagedDaemon> managed) {
        Set<Path> live = new LinkedHashSet<>();
        managed.stream().filter(ManagedDaemon::live).map(ManagedDaemon::record).map(DaemonRecord::pipeDirectory)
                .forEach(p -> live.add(normal(p)));
        return live;
    }

    /** A real directory (not a link), owned by {@code uid}, mode 0700. */
    public static boolean privateDirectory(Path dir, int uid) {
        try {
            return Files.isDirectory(dir, LinkOption.NOFOLLOW_LINKS) && ownedBy(dir, uid)
                    && Files.getPosixFilePermissions(dir, LinkOption.NOFOLLOW_LINKS).equals(PRIVATE);
        } catch (IOException | UnsupportedOperationException e) {
            return false;
        }
    }

    /** Whether {@code path} itself (a link is not followed) belongs to {@code uid}. */
    public static boolean ownedBy(Path path, int uid) {
        try {
            return ((Integer) Files.getAttribute(path, "unix:uid", LinkOption.NOFOLLOW_LINKS)) == uid;
        } catch (IOException | UnsupportedOperationException e) {
            return false;
        }
    }

    /**
     * The orphaned control sockets in {@code dir}: sockets of the caller's ({@code control},
     * {@code control_privileged}) in a directory no live record names, whose pid file names no running
     * MPS daemon, and that refuse a connection (nobody listens).
     */
    public static List<Path> orphanedSockets(Path dir, int uid, Set<Path> liveDirs, ProcessTable processes) {
        List<Path> orphans = new ArrayList<>();
        if (liveDirs.contains(normal(dir)) || servedByDaemon(dir, processes)) {
            return orphans;
        }
        for (String name : List.of(ControlPipe.CONTROL, ControlPipe.CONTROL_PRIVILEGED)) {
            Path socket = dir.resolve(name);
            if (ControlPipe.kindOf(socket).filter(k -> k == ControlPipe.Kind.UNIX_SOCKET).isPresent() && ownedBy(socket, uid)
                    && !ControlPipe.acceptsConnections(socket)) {
                orphans.add(socket);
            }
        }
        return orphans;
    }

    /**
     * The pid a stale pid file in {@code dir} names: a regular file of the caller's, in a directory no
     * live record names, naming a process that no longer runs or is no MPS control daemon.
     */
    public static Optional<Long> stalePid(Path dir, int uid, Set<Path> liveDirs, ProcessTable processes) {
        Path file = dir.resolve(RuntimeDirs.PID_FILE);
        if (liveDirs.contains(normal(dir)) || !Files.isRegularFile(file, LinkOption.NOFOLLOW_LINKS) || !ownedBy(file, uid)) {
            return Optional.empty();
        }
        return RuntimeDirs.readPidFile(dir).filter(pid -> !runningDaemon(pid, processes));
    }

    /** Whether {@code pid} is a running MPS control daemon. */
    public static boolean runningDaemon(long pid, ProcessTable processes) {
        return processes.find(pid).filter(DaemonPids::isMpsProcess).isPresent();
    }

    private static boolean servedByDaemon(Path dir, ProcessTable processes) {
        return RuntimeDirs.readPidFile(dir).filter(pid -> runningDaemon(pid, processes)).isPresent();
    }

    private static Path normal(Path p) {
        return p.toAbsolutePath().normalize();
    }

    private static Optional<Path> path(String text) {
        try {
            return Optional.of(normal(Path.of(text)));
        } catch (InvalidPathException e) {
            return Optional.empty();
        }
    }
}
