package dev.cumps.core.record;

import dev.cumps.core.message.CumpsException;
import dev.cumps.core.fs.SafeFiles;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.channels.FileLock;
import java.nio.channels.OverlappingFileLockException;
import java.nio.charset.StandardCharsets;
import java.nio.file.DirectoryStream;
import java.nio.file.FileAlreadyExistsException;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.nio.file.StandardOpenOption;
import java.nio.file.attribute.BasicFileAttributes;
import java.nio.file.attribute.PosixFilePermissions;
import java.time.Clock;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;

/**
 * The on-disk records, {@code <root>/<name>/daemon.json}, scoped to one uid and host: records of
 * anyone else are neither listed nor returned for action. Writes are atomic (temporary file, fsync,
 * hard link into place, which also refuses to overwrite), files are 0600 in 0700 directories, and
 * every mutation of a name happens under {@link #lock(String)}.
 */
public final class RecordStore {
    public static final String RECORD_FILE = "daemon.json";
    public static final String STALE_DIR = ".stale";
    public static final String LOCK_DIR = ".locks";

    private final Path root;
    private final int uid;
    private final String host;
    private final Clock clock;

    public RecordStore(Path root, int uid, String host, Clock clock) {
        this.root = root.toAbsolutePath().normalize();
        this.uid = uid;
        this.host = host;
        this.clock = clock;
    }

    /** uni-cumps's default root, {@code ~/.cache/unilab/cuda-mps}. */
    public static Path defaultRoot(Path home) {
        return home.resolve(".cache").resolve("unilab").resolve("cuda-mps");
    }

    public Path root() {
        return root;
    }

    public int uid() {
        return uid;
    }

    public String host() {
        return host;
    }

    /** Records of this user and host, sorted by name, plus every daemon.json that could not be read. */
    public RecordListing list() {
        List<DaemonRecord> mine = new ArrayList<>();
        List<UnreadableRecord> unreadable = new ArrayList<>();
        if (!Files.isDirectory(root)) {
            return new RecordListing(mine, unreadable);
        }
        List<Path> dirs = new ArrayList<>();
        try (DirectoryStream<Path> stream = Files.newDirectoryStream(root)) {
            stream.forEach(dirs::add);
        } catch (IOException e) {
            throw new CumpsException("cannot list records in " + root + ": " + e.getMessage());
        }
        dirs.sort(Comparator.comparing(p -> p.getFileName().toString()));
        for (Path dir : dirs) {
            String name = dir.getFileName().toString();
            // Anything named daemon.json counts, whatever its type: a FIFO or a link there is listed
            // as unreadable (with the reason) rather than hidden. Nothing here opens or follows it.
            if (name.startsWith(".") || !Files.exists(dir.resolve(RECORD_FILE), LinkOption.NOFOLLOW_LINKS)) {
                continue;
            }
            if (RecordNames.problem(name).isPresent()) {
                unreadable.add(new UnreadableRecord(name, dir.resolve(RECORD_FILE),
                        "directory name '" + name + "' is not a valid daemon name; neither cumps nor uni-cumps wrote it"));
                continue;
            }
            RecordLookup result = lookup(name);
            if (result instanceof RecordLookup.Found found) {
                mine.add(found.record());
            } else if (result instanceof RecordLookup.Unreadable u) {
                unreadable.add(u.record());
            }
        }
        return new RecordListing(mine, unreadable);
    }

    /**
     * Looks a name up; the name must be valid. The record is read through {@link SafeFiles} (no
     * link followed, regular files only, at most {@value SafeFiles#RECORD_LIMIT_BYTES} bytes, never
     * blocking on a FIFO) and decoded strictly; anything else makes it {@link RecordLookup.Unreadable}
     * with the reason.
     */
    public RecordLookup lookup(String name) {
        Path file = recordFile(name);
        if (Files.isSymbolicLink(file.getParent()) || Files.isDirectory(file.getParent(), LinkOption.NOFOLLOW_LINKS)) {
            // Even without a daemon.json in it: a start would otherwise write its record through it.
            String problem = directoryProblem(file.getParent());
            if (problem != null) {
                return new RecordLookup.Unreadable(new UnreadableRecord(name, file, problem));
            }
        }
        byte[] bytes;
        try {
            bytes = SafeFiles.readAll(file, SafeFiles.RECORD_LIMIT_BYTES);
        } catch (NoSuchFileException e) {
            return new RecordLookup.Missing(name);
        } catch (SafeFiles.UnsafeFileException e) {
            return new RecordLookup.Unreadable(new UnreadableRecord(name, file, e.getMessage()));
        } catch (IOException | java.io.UncheckedIOException e) {
            return new RecordLookup.Unreadable(new UnreadableRecord(name, file, "cannot read: " + e.getMessage()));
        }
        DaemonRecord record;
        try {
            record = RecordCodec.decode(bytes);
        } catch (CumpsException e) {
            return new RecordLookup.Unreadable(new UnreadableRecord(name, file, e.getMessage()));
        }
        if (record.uid() != uid || !record.host().equals(host)) {
            return new RecordLookup.Foreign(record);
        }
        if (!record.name().equals(name)) {
            return new RecordLookup.Unreadable(new UnreadableRecord(name, file,
                    "record names daemon '" + record.name() + "' but lives in directory '" + name + "'"));
        }
        return new RecordLookup.Found(record);
    }

    public Path recordFile(String name) {
        return root.resolve(RecordNames.validate(name)).resolve(RECORD_FILE);
    }

    /** Writes a new record; refuses to overwrite one that exists. Call with the name's lock held. */
    public void write(DaemonRecord record) {
        Path dir = root.resolve(RecordNames.validate(record.name()));
        Path target = dir.resolve(RECORD_FILE);
        Path tmp = dir.resolve("." + RECORD_FILE + "." + ProcessHandle.current().pid() + ".tmp");
        try {
            privateDirectory(dir);
            removeLeftoverTemporaries(dir);
            try (FileChannel ch = FileChannel.open(tmp, java.util.Set.of(StandardOpenOption.CREATE_NEW, StandardOpenOption.WRITE),
                    PosixFilePermissions.asFileAttribute(PosixFilePermissions.fromString("rw-------")))) {
                ch.write(ByteBuffer.wrap(RecordCodec.encode(record).getBytes(StandardCharsets.UTF_8)));
                ch.force(true);
            }
            try {
                Files.createLink(target, tmp);
            } catch (FileAlreadyExistsException e) {
                throw new CumpsException("a record for '" + record.name() + "' already exists at " + target + "; it was not overwritten");
            } finally {
                Files.deleteIfExists(tmp);
            }
            syncDirectory(dir);
        } catch (IOException e) {
            throw new CumpsException("cannot write record " + target + ": " + e.getMessage());
        }
    }

    /** Removes a record (and its directory when nothing else is in it). Call with the lock held. */
    public void remove(String name) {
        Path file = recordFile(name);
        try {
            Files.deleteIfExists(file);
            removeLeftoverTemporaries(file.getParent());
            try {
                Files.deleteIfExists(file.getParent());
            } catch (java.nio.file.DirectoryNotEmptyException e) {
                // Something else lives there (a user's note, a uni-cumps extra): leave it.
            }
        } catch (IOException e) {
            throw new CumpsException("cannot remove record " + file + ": " + e.getMessage());
        }
    }

    /**
     * Removes the temporary files ({@code .daemon.json.<pid>.tmp}) that a writer killed between
     * writing and linking left in a record directory. Only a writer holding the name's lock creates
     * one, and the caller holds it now, so none of them belongs to a write in progress. Anything else
     * in the directory is left alone.
     */
    private static void removeLeftoverTemporaries(Path dir) throws IOException {
        if (!Files.isDirectory(dir, LinkOption.NOFOLLOW_LINKS)) {
            return;
        }
        try (DirectoryStream<Path> entries = Files.newDirectoryStream(dir, "." + RECORD_FILE + ".*.tmp")) {
            for (Path entry : entries) {
                String middle = entry.getFileName().toString().substring(RECORD_FILE.length() + 2);
                middle = middle.substring(0, middle.length() - ".tmp".length());
                if (middle.matches("[0-9]+") && Files.isRegularFile(entry, LinkOption.NOFOLLOW_LINKS)) {
                    Files.deleteIfExists(entry);
                }
            }
        }
    }

    /** Moves the record directory of a stale or unreadable record aside to {@code .stale/<name>-<epoch ms>}. */
    public Path quarantine(String name) {
        Path dir = root.resolve(RecordNames.validate(name));
        Path staleRoot = root.resolve(STALE_DIR);
        Path target = staleRoot.resolve(name + "-" + clock.millis());
        for (int n = 1; Files.exists(target, LinkOption.NOFOLLOW_LINKS); n++) {
            target = staleRoot.resolve(name + "-" + clock.millis() + "-" + n);
        }
        try {
            privateDirectory(staleRoot);
            Files.move(dir, target, StandardCopyOption.ATOMIC_MOVE);
            return target;
        } catch (IOException e) {
            throw new CumpsException("cannot move stale record " + dir + " aside to " + target + ": " + e.getMessage());
        }
    }

    /**
     * Takes the exclusive lock of one name, across processes (and threads of this process). Fails
     * at once, with a clear message, when someone else holds it.
     */
    public NameLock lock(String name) {
        RecordNames.validate(name);
        return lockKey(name, name, busy(name));
    }

    /**
     * Takes the lock of a shared resource (a pipe directory, a GPU) next to the name locks, waiting
     * up to {@code wait} for another holder to finish. The lock file is {@code @<kind>-<hash of id>.lock},
     * which no daemon name can spell. Take it after the name lock, in the order pipe, then GPU.
     */
    public NameLock lockResource(String kind, String id, Duration wait, String busyMessage) {
        String key = "@" + kind + "-" + sha256(id);
        long deadline = System.nanoTime() + wait.toNanos();
        while (true) {
            try {
                return lockKey(key, key, new Busy(busyMessage));
            } catch (Busy busy) {
                if (System.nanoTime() >= deadline) {
                    throw new CumpsException(busyMessage);
                }
                try {
                    Thread.sleep(RESOURCE_LOCK_POLL_MS);
                } catch (InterruptedException e) {
                    Thread.currentThread().interrupt();
                    throw new CumpsException("interrupted while waiting: " + busyMessage);
                }
            }
        }
    }

    private static final long RESOURCE_LOCK_POLL_MS = 50;

    private static String sha256(String id) {
        try {
            byte[] digest = java.security.MessageDigest.getInstance("SHA-256").digest(id.getBytes(StandardCharsets.UTF_8));
            return java.util.HexFormat.of().formatHex(digest, 0, 16);
        } catch (java.security.NoSuchAlgorithmException e) {
            throw new IllegalStateException("SHA-256 is missing from this Java runtime", e);
        }
    }

    private NameLock lockKey(String name, String key, CumpsException busy) {
        Path lockDir = root.resolve(LOCK_DIR);
        Path lockFile = lockDir.resolve(key + ".lock");
        // POSIX record locks belong to the process, and closing any descriptor of the file drops them;
        // so a second holder inside this process must be refused before it opens the file at all.
        if (!HELD_IN_THIS_PROCESS.add(lockFile)) {
            throw busy;
        }
        FileChannel channel = null;
        try {
            privateDirectory(lockDir);
            // No link followed, regular files only, and an open that cannot block on a FIFO.
            channel = SafeFiles.openLockFile(lockFile, PosixFilePermissions.asFileAttribute(PosixFilePermissions.fromString("rw-------")));
            FileLock lock = channel.tryLock();
            if (lock == null) {
                throw busy;
            }
            return new NameLock(name, lockFile, channel, lock);
        } catch (OverlappingFileLockException e) {
            closeQuietly(channel);
            HELD_IN_THIS_PROCESS.remove(lockFile);
            throw busy;
        } catch (IOException e) {
            closeQuietly(channel);
            HELD_IN_THIS_PROCESS.remove(lockFile);
            throw new CumpsException("cannot lock " + lockFile + ": " + reason(e)
                    + "; remove it if nothing is starting or stopping '" + name + "'");
        } catch (CumpsException e) {
            closeQuietly(channel);
            HELD_IN_THIS_PROCESS.remove(lockFile);
            throw e;
        }
    }

    /**
     * Lock files held by this process. Process-wide on purpose: it mirrors the kernel's per-process
     * ownership of POSIX locks, which no instance field could.
     */
    private static final java.util.Set<Path> HELD_IN_THIS_PROCESS = java.util.concurrent.ConcurrentHashMap.newKeySet();

    private static CumpsException busy(String name) {
        return new Busy("another cumps is starting or stopping '" + name + "' right now; wait for it to finish and try again");
    }

    /** A lock someone else holds right now. */
    private static final class Busy extends CumpsException {
        private static final long serialVersionUID = 1L;

        Busy(String message) {
            super(message);
        }
    }

    private static String reason(IOException e) {
        if (e instanceof java.nio.file.FileSystemException fs && fs.getReason() != null
                && fs.getReason().contains("Too many levels of symbolic links")) {
            return "is a symbolic link";
        }
        return e.getMessage();
    }

    private static void closeQuietly(FileChannel channel) {
        if (channel != null) {
            try {
                channel.close();
            } catch (IOException ignored) {
                // Nothing was locked through it.
            }
        }
    }

    /**
     * Creates a directory under the root that this store acts in ({@code <name>}, {@code .locks},
     * {@code .stale}) when missing, then refuses it unless it is a real directory (not a link) owned
     * by the owner of the root: nothing is written, locked or moved through a link or into a
     * directory another user controls.
     */
    private void privateDirectory(Path dir) throws IOException {
        createPrivateDirectories(dir);
        String problem = directoryProblem(dir);
        if (problem != null) {
            throw new SafeFiles.UnsafeFileException(problem + "; remove or move it and try again");
        }
    }

    /** Why a directory under the root is not one this store may act in, or {@code null} when it is. */
    private String directoryProblem(Path dir) {
        try {
            BasicFileAttributes attrs = Files.readAttributes(dir, BasicFileAttributes.class, LinkOption.NOFOLLOW_LINKS);
            if (attrs.isSymbolicLink()) {
                return "directory " + dir + " is a symbolic link";
            }
            if (!attrs.isDirectory()) {
                return dir + " is not a directory";
            }
            int owner = (Integer) Files.getAttribute(dir, "unix:uid", LinkOption.NOFOLLOW_LINKS);
            int rootOwner = (Integer) Files.getAttribute(root, "unix:uid");
            if (owner != rootOwner) {
                return "directory " + dir + " is owned by uid " + owner + ", not by uid " + rootOwner + " who owns " + root;
            }
            return null;
        } catch (IOException | UnsupportedOperationException e) {
            return "cannot inspect " + dir + ": " + e.getMessage();
        }
    }

    /** Creates missing directories (and parents) as 0700; existing ones are left as they are. */
    private static void createPrivateDirectories(Path dir) throws IOException {
        if (Files.isDirectory(dir, LinkOption.NOFOLLOW_LINKS)) {
            return;
        }
        Path parent = dir.getParent();
        if (parent != null && !Files.isDirectory(parent)) {
            createPrivateDirectories(parent);
        }
        try {
            Files.createDirectory(dir, PosixFilePermissions.asFileAttribute(PosixFilePermissions.fromString("rwx------")));
        } catch (FileAlreadyExistsException e) {
            if (!Files.isDirectory(dir)) {
                throw e;
            }
        }
    }

    private static void syncDirectory(Path dir) {
        try (FileChannel ch = FileChannel.open(dir, StandardOpenOption.READ)) {
            ch.force(true);
        } catch (IOException e) {
            // Not every filesystem lets a directory be synced; the rename itself is still atomic.
        }
    }

    /** A held name lock; closing releases it. */
    public static final class NameLock implements AutoCloseable {
        private final String name;
        private final Path file;
        private final FileChannel channel;
        private final FileLock lock;
        private final java.util.concurrent.atomic.AtomicBoolean open = new java.util.concurrent.atomic.AtomicBoolean(true);

        private NameLock(String name, Path file, FileChannel channel, FileLock lock) {
            this.name = name;
            this.file = file;
            this.channel = channel;
            this.lock = lock;
        }

        public String name() {
            return name;
        }

        @Override
        public void close() {
            if (!open.getAndSet(false)) {
                return;
            }
            try {
                lock.release();
            } catch (IOException ignored) {
                // Closing the channel below releases it as well.
            }
            closeQuietly(channel);
            HELD_IN_THIS_PROCESS.remove(file);
        }
    }
}
