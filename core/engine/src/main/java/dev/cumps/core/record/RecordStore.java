package dev.cumps.core.record;

import dev.cumps.core.fs.SafeFiles;
import dev.cumps.core.fs.TrustRule;
import dev.cumps.core.message.CumpsException;
import dev.cumps.core.message.Message;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.ByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.charset.StandardCharsets;
import java.nio.file.DirectoryNotEmptyException;
import java.nio.file.DirectoryStream;
import java.nio.file.FileAlreadyExistsException;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.nio.file.StandardOpenOption;
import java.nio.file.attribute.PosixFilePermissions;
import java.time.Clock;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;

/**
 * The on-disk records, {@code <root>/<name>/daemon.json}, scoped to one uid and host: records of
 * anyone else are neither listed nor returned for action. Reads go through {@link SafeFiles} and
 * {@link RecordCodec}; whatever cannot be read is reported as {@link UnreadableRecord} with the
 * reason, never skipped silently and never acted on. Writes are atomic (a temporary file written and
 * fsynced, then hard-linked into place, which also refuses to overwrite, or renamed over the old
 * record to replace it), files are 0600 in 0700 directories checked by {@link RecordDirectories},
 * and every mutation of a name happens under its lock from {@link #locks()}.
 *
 * <p>Size: every way a record is read, written, replaced and moved aside, under one lock and one set of file checks; split, the checks would be repeated.
 */
public final class RecordStore {
    public static final String RECORD_FILE = "daemon.json";
    public static final String STALE_DIR = ".stale";

    private final Path root;
    private final int uid;
    private final String host;
    private final Clock clock;
    private final RecordDirectories directories;
    private final RecordLocks locks;

    public RecordStore(Path root, int uid, String host, Clock clock) {
        this.root = root.toAbsolutePath().normalize();
        this.uid = uid;
        this.host = host;
        this.clock = clock;
        this.directories = new RecordDirectories(this.root, uid);
        this.locks = new RecordLocks(directories);
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

    /** The name and resource locks under this root ({@code <root>/.locks}). */
    public RecordLocks locks() {
        return locks;
    }

    public Path recordFile(String name) {
        return root.resolve(RecordNames.validate(name)).resolve(RECORD_FILE);
    }

    private void checkRoot() {
        directories.checkRoot();
    }

    /** Records of this user and host, sorted by name, plus every daemon.json that could not be read. */
    public RecordListing list() {
        List<DaemonRecord> mine = new ArrayList<>();
        List<UnreadableRecord> unreadable = new ArrayList<>();
        checkRoot();
        if (!Files.isDirectory(root, LinkOption.NOFOLLOW_LINKS)) {
            return new RecordListing(mine, unreadable);
        }
        List<Path> dirs = new ArrayList<>();
        try (DirectoryStream<Path> stream = Files.newDirectoryStream(root)) {
            stream.forEach(dirs::add);
        } catch (IOException e) {
            throw new CumpsException(Message.of(RecordMessages.CANNOT_LIST, root, String.valueOf(e.getMessage())));
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
                        Message.of(RecordMessages.DIRECTORY_NAME_INVALID, name)));
                continue;
            }
            RecordLookup result = lookup(name, dir.resolve(RECORD_FILE));
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
        checkRoot();
        return lookup(name, file);
    }

    private RecordLookup lookup(String name, Path file) {
        if (Files.isSymbolicLink(file.getParent()) || Files.isDirectory(file.getParent(), LinkOption.NOFOLLOW_LINKS)) {
            // Even without a daemon.json in it: a start would otherwise write its record through it.
            Optional<Message> problem = directories.problem(file.getParent());
            if (problem.isPresent()) {
                return new RecordLookup.Unreadable(new UnreadableRecord(name, file, problem.get()));
            }
        }
        byte[] bytes;
        try {
            Optional<Message> untrusted = fileProblem(file);
            if (untrusted.isPresent()) {
                return new RecordLookup.Unreadable(new UnreadableRecord(name, file, untrusted.get()));
            }
            bytes = SafeFiles.readAll(file, SafeFiles.RECORD_LIMIT_BYTES);
        } catch (NoSuchFileException e) {
            return new RecordLookup.Missing(name);
        } catch (SafeFiles.UnsafeFileException e) {
            return new RecordLookup.Unreadable(new UnreadableRecord(name, file, e.reason()));
        } catch (IOException | UncheckedIOException e) {
            return new RecordLookup.Unreadable(new UnreadableRecord(name, file,
                    Message.of(RecordMessages.CANNOT_READ, String.valueOf(e.getMessage()))));
        }
        DaemonRecord record;
        try {
            record = RecordCodec.decode(bytes);
        } catch (CumpsException e) {
            // RecordCodec and Json raise every refusal with a message.
            Message reason = e.errorMessage();
            return new RecordLookup.Unreadable(new UnreadableRecord(name, file, reason));
        }
        if (record.uid() != uid || !record.host().equals(host)) {
            return new RecordLookup.Foreign(name, record);
        }
        if (!record.name().equals(name)) {
            return new RecordLookup.Unreadable(new UnreadableRecord(name, file,
                    Message.of(RecordMessages.NAME_MISMATCH, record.name(), name)));
        }
        return new RecordLookup.Found(record);
    }

    /**
     * Why a {@code daemon.json} that is there must not be read: another user's, or writable by group or
     * others (its folders passed already). A link or special file is left to {@link SafeFiles}, which
     * names it.
     */
    private Optional<Message> fileProblem(Path file) throws IOException {
        Map<String, Object> a = Files.readAttributes(file, "unix:uid,mode", LinkOption.NOFOLLOW_LINKS);
        int mode = (Integer) a.get("mode");
        if ((mode & 0170000) != 0100000) {
            return Optional.empty();
        }
        return TrustRule.ownerAndMode(file, (Integer) a.get("uid"), mode, uid);
    }

    /** Writes a new record; refuses to overwrite one that exists. Call with the name's lock held. */
    public void write(DaemonRecord record) {
        store(record, false);
    }

    /**
     * Replaces an existing record atomically (its limits changed): a new file renamed over the old
     * one, so a reader sees the old record or the new one, never a mix, and a link in its place is
     * replaced, not followed. Call with the name's lock held.
     */
    public void replace(DaemonRecord record) {
        store(record, true);
    }

    private void store(DaemonRecord record, boolean replace) {
        Path dir = root.resolve(RecordNames.validate(record.name()));
        Path target = dir.resolve(RECORD_FILE);
        Path tmp = dir.resolve("." + RECORD_FILE + "." + ProcessHandle.current().pid() + ".tmp");
        try {
            directories.privateDirectory(dir);
            removeLeftoverTemporaries(dir);
            try (FileChannel ch = FileChannel.open(tmp, Set.of(StandardOpenOption.CREATE_NEW, StandardOpenOption.WRITE),
                    PosixFilePermissions.asFileAttribute(PosixFilePermissions.fromString("rw-------")))) {
                ch.write(ByteBuffer.wrap(RecordCodec.encode(record).getBytes(StandardCharsets.UTF_8)));
                ch.force(true);
            }
            try {
                if (replace) {
                    Files.move(tmp, target, StandardCopyOption.ATOMIC_MOVE, StandardCopyOption.REPLACE_EXISTING);
                } else {
                    Files.createLink(target, tmp);
                }
            } catch (FileAlreadyExistsException e) {
                throw new CumpsException(Message.of(RecordMessages.ALREADY_EXISTS, record.name(), target));
            } finally {
                Files.deleteIfExists(tmp);
            }
            syncDirectory(dir);
        } catch (IOException e) {
            throw new CumpsException(Message.of(RecordMessages.CANNOT_WRITE, target, SafeFiles.reasonOf(e)));
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
            } catch (DirectoryNotEmptyException e) {
                // Something else lives there (a user's note, a uni-cumps extra): leave it.
            }
        } catch (IOException e) {
            throw new CumpsException(Message.of(RecordMessages.CANNOT_REMOVE, file, SafeFiles.reasonOf(e)));
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

    private static void syncDirectory(Path dir) {
        try (FileChannel ch = FileChannel.open(dir, StandardOpenOption.READ)) {
            ch.force(true);
        } catch (IOException e) {
            // Not every filesystem lets a directory be synced; the rename itself is still atomic.
        }
    }

    /**
     * Moves the record directory of a stale or unreadable record aside to {@code .stale/<name>-<epoch
     * ms>} (with {@code -<n>} appended when that exists), in one atomic rename: it is kept for the user
     * to read, never deleted; returns where it went. Call with the name's lock held.
     */
    public Path quarantine(String name) {
        Path dir = root.resolve(RecordNames.validate(name));
        Path staleRoot = root.resolve(STALE_DIR);
        Path target = staleRoot.resolve(name + "-" + clock.millis());
        for (int n = 1; Files.exists(target, LinkOption.NOFOLLOW_LINKS); n++) {
            target = staleRoot.resolve(name + "-" + clock.millis() + "-" + n);
        }
        try {
            directories.privateDirectory(staleRoot);
            Files.move(dir, target, StandardCopyOption.ATOMIC_MOVE);
            return target;
        } catch (IOException e) {
            throw new CumpsException(Message.of(RecordMessages.CANNOT_QUARANTINE, dir, target, SafeFiles.reasonOf(e)));
        }
    }
}
