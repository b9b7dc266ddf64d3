package dev.cumps.core.mps;

import dev.cumps.core.fs.SafeFiles;
import dev.cumps.core.host.HostEnvironment;
import dev.cumps.core.message.CumpsException;
import dev.cumps.core.message.Message;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.FileAlreadyExistsException;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.Path;
import java.nio.file.attribute.BasicFileAttributes;
import java.nio.file.attribute.PosixFilePermission;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Optional;
import java.util.Set;

/**
 * The pipe and log directories of one daemon: defaults, and the checks that keep them private.
 * Every directory cumps creates or reuses is owned by the caller, has mode 0700 and is not a
 * symbolic link; otherwise start refuses and says why.
 */
public final class RuntimeDirs {
    public static final int MAX_SOCKET_PATH_BYTES = 95;
    public static final String PID_FILE = "nvidia-cuda-mps-control.pid";
    public static final String CONTROL_LOG = "control.log";

    private RuntimeDirs() {
    }

    /** {@code ${TMPDIR:-/tmp}/uni-cumps-<uid>}: per user, so users never block each other. */
    public static Path runtimeRoot(HostEnvironment host) {
        return host.tmpdir().resolve("uni-cumps-" + host.uid()).toAbsolutePath().normalize();
    }

    public static Path defaultPipeDirectory(HostEnvironment host, String name) {
        return runtimeRoot(host).resolve(name).resolve("pipe");
    }

    public static Path defaultLogDirectory(HostEnvironment host, String name) {
        return runtimeRoot(host).resolve(name).resolve("log");
    }

    /** Refuses a pipe directory whose control socket path would be too long for a Unix socket. */
    public static void checkSocketPathLength(Path pipeDirectory) {
        int bytes = pipeDirectory.resolve(ControlPipe.CONTROL).toString().getBytes(StandardCharsets.UTF_8).length;
        if (bytes > MAX_SOCKET_PATH_BYTES) {
            throw new CumpsException(Message.of(MpsText.SOCKET_PATH_TOO_LONG, pipeDirectory.resolve(ControlPipe.CONTROL), bytes,
                    MAX_SOCKET_PATH_BYTES));
        }
    }

    /**
     * Creates {@code dir} and any missing parents up to {@code base} (0700), then checks every
     * directory from {@code base} down to {@code dir}: owned by {@code uid}, mode 0700, not a link.
     */
    public static void preparePrivate(Path base, Path dir, int uid) {
        if (!dir.startsWith(base)) {
            throw new IllegalArgumentException(dir + " is not under " + base);
        }
        List<Path> chain = new ArrayList<>();
        for (Path p = dir; p != null && p.startsWith(base); p = p.getParent()) {
            chain.add(0, p);
        }
        for (Path p : chain) {
            if (Files.isSymbolicLink(p)) {
                throw new CumpsException(Message.of(MpsText.SYMBOLIC_LINK, p));
            }
            if (!Files.exists(p, LinkOption.NOFOLLOW_LINKS)) {
                createPrivate(p);
            }
            checkPrivate(p, uid);
        }
    }

    /**
     * Refuses a directory whose parents another user could change: every existing ancestor (as
     * written, and the real directories it resolves to) must be owned by {@code uid} or root, and
     * must not be writable by group or others unless it is sticky (like {@code /tmp}). Otherwise
     * another user could rename the directory, or a parent, and put their own in its place between
     * our checks and the daemon's use of it. Reads only; creates nothing.
     */
    public static void checkParentChain(Path dir, int uid) {
        Path deepestExisting = null;
        for (Path p = dir.getParent(); p != null; p = p.getParent()) {
            if (Files.isDirectory(p)) {
                checkAncestor(p, dir, uid);
                if (deepestExisting == null) {
                    deepestExisting = p;
                }
            } else if (Files.exists(p, LinkOption.NOFOLLOW_LINKS)) {
                throw new CumpsException(Message.of(MpsText.PARENT_NOT_DIRECTORY, p, dir));
            }
        }
        if (deepestExisting == null) {
            return;
        }
        try {
            for (Path p = deepestExisting.toRealPath(); p != null; p = p.getParent()) {
                checkAncestor(p, dir, uid);
            }
        } catch (IOException e) {
            throw new CumpsException(Message.of(MpsText.CANNOT_RESOLVE, deepestExisting, String.valueOf(e.getMessage())));
        }
    }

    private static final int GROUP_OR_OTHER_WRITE = 0022;
    private static final int STICKY = 01000;

    private static void checkAncestor(Path p, Path dir, int uid) {
        int owner;
        int mode;
        try {
            owner = (Integer) Files.getAttribute(p, "unix:uid");
            mode = (Integer) Files.getAttribute(p, "unix:mode");
        } catch (IOException e) {
            throw new CumpsException(Message.of(MpsText.CANNOT_INSPECT, p, String.valueOf(e.getMessage())));
        }
        if (owner != uid && owner != 0) {
            throw new CumpsException(Message.of(MpsText.PARENT_FOREIGN_OWNER, p, dir, owner));
        }
        if ((mode & GROUP_OR_OTHER_WRITE) != 0 && (mode & STICKY) == 0) {
            throw new CumpsException(Message.of(MpsText.PARENT_WRITABLE, p, dir, String.format("%04o", mode & 07777)));
        }
    }

    /**
     * The identity (device and inode) of a directory itself, not following a link: compared before
     * and after a launch to notice that the directory was swapped.
     */
    public static Object directoryIdentity(Path dir) {
        try {
            Object key = Files.readAttributes(dir, BasicFileAttributes.class, LinkOption.NOFOLLOW_LINKS).fileKey();
            if (key == null) {
                throw new CumpsException(Message.of(MpsText.NO_DIRECTORY_IDENTITY, dir));
            }
            return key;
        } catch (IOException e) {
            throw new CumpsException(Message.of(MpsText.CANNOT_INSPECT, dir, String.valueOf(e.getMessage())));
        }
    }

    /** The check applied to an existing directory: a real directory, owned by uid, mode 0700. */
    public static void checkPrivate(Path p, int uid) {
        if (Files.isSymbolicLink(p)) {
            throw new CumpsException(Message.of(MpsText.SYMBOLIC_LINK, p));
        }
        if (!Files.isDirectory(p, LinkOption.NOFOLLOW_LINKS)) {
            throw new CumpsException(Message.of(MpsText.NOT_A_DIRECTORY, p));
        }
        try {
            int owner = (Integer) Files.getAttribute(p, "unix:uid", LinkOption.NOFOLLOW_LINKS);
            if (owner != uid) {
                throw new CumpsException(Message.of(MpsText.DIRECTORY_FOREIGN_OWNER, p, owner, uid));
            }
            Set<PosixFilePermission> perms = Files.getPosixFilePermissions(p, LinkOption.NOFOLLOW_LINKS);
            if (!perms.equals(PosixFilePermissions.fromString("rwx------"))) {
                throw new CumpsException(Message.of(MpsText.DIRECTORY_MODE, p, PosixFilePermissions.toString(perms)));
            }
        } catch (IOException e) {
            throw new CumpsException(Message.of(MpsText.CANNOT_INSPECT, p, String.valueOf(e.getMessage())));
        }
    }

    private static void createPrivate(Path p) {
        try {
            Files.createDirectory(p, PosixFilePermissions.asFileAttribute(PosixFilePermissions.fromString("rwx------")));
            // The umask may have narrowed the mode further; 0700 is what we promise.
            Files.setPosixFilePermissions(p, PosixFilePermissions.fromString("rwx------"));
        } catch (FileAlreadyExistsException e) {
            // Raced with another creator; the checks that follow decide whether it is usable.
        } catch (IOException e) {
            throw new CumpsException(Message.of(MpsText.CANNOT_CREATE_DIRECTORY, p, String.valueOf(e.getMessage())));
        }
    }

    /** How much of the end of {@code control.log} is ever read: a long-running daemon's log is large. */
    public static final int LOG_READ_LIMIT_BYTES = 64 * 1024;

    /**
     * The last {@code lines} lines of {@code control.log} in a log directory, or empty. Reads at
     * most the last {@value #LOG_READ_LIMIT_BYTES} bytes and decodes leniently: a byte that is not
     * UTF-8 becomes U+FFFD instead of hiding the whole log.
     */
    public static List<String> controlLogTail(Path logDirectory, int lines) {
        long size = controlLogSize(logDirectory);
        List<String> all = controlLogSince(logDirectory, Math.max(0, size - LOG_READ_LIMIT_BYTES));
        if (size > LOG_READ_LIMIT_BYTES && !all.isEmpty()) {
            all = all.subList(1, all.size()); // the first line was cut by the byte limit
        }
        return List.copyOf(all.subList(Math.max(0, all.size() - lines), all.size()));
    }

    /** The size of {@code control.log} in bytes (0 when it does not exist): a mark for {@link #controlLogSince}. */
    public static long controlLogSize(Path logDirectory) {
        try {
            return SafeFiles.size(logDirectory.resolve(CONTROL_LOG));
        } catch (IOException e) {
            return 0;
        }
    }

    /** The lines appended to {@code control.log} after byte {@code offset} (at most the last 64 KiB of them). */
    public static List<String> controlLogSince(Path logDirectory, long offset) {
        Path log = logDirectory.resolve(CONTROL_LOG);
        try {
            // No link followed, regular files only, never blocking on a FIFO (see SafeFiles).
            SafeFiles.Tail tail = SafeFiles.readTail(log, offset, LOG_READ_LIMIT_BYTES);
            String text = new String(tail.bytes(), StandardCharsets.UTF_8);
            return text.isEmpty() ? List.of() : List.of(text.split("\\R", -1)).stream().filter(l -> !l.isEmpty()).toList();
        } catch (IOException e) {
            return List.of();
        }
    }

    /** Whether a {@code control.log} line reports a failure (NVIDIA logs errors as free text). */
    public static boolean isErrorLine(String line) {
        String l = line.toLowerCase(Locale.ROOT);
        return l.contains("error") || l.contains("failed") || l.contains("fatal");
    }

    /** The pid in {@code nvidia-cuda-mps-control.pid}, if the file holds one. */
    public static Optional<Long> readPidFile(Path pipeDirectory) {
        try {
            // No link followed, regular files only, a size cap, never blocking on a FIFO (see SafeFiles).
            byte[] bytes = SafeFiles.readAll(pipeDirectory.resolve(PID_FILE), SafeFiles.PID_FILE_LIMIT_BYTES);
            String text = new String(bytes, StandardCharsets.UTF_8).strip();
            // What the daemon writes: ASCII digits. Long.parseLong alone would also take "+5" and
            // other scripts' digits ("\u0665"), which no daemon writes.
            if (!text.matches("[0-9]{1,10}")) {
                return Optional.empty();
            }
            return Optional.of(Long.parseLong(text));
        } catch (IOException | NumberFormatException e) {
            return Optional.empty();
        }
    }
}
