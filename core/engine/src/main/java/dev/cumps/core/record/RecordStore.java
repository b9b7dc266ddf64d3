package dev.cumps.core.record;

import dev.cumps.core.fs.SafeFiles;
import dev.cumps.core.message.Message;
import java.io.IOException;
import java.nio.channels.FileChannel;
import java.nio.channels.FileLock;
import java.nio.file.Path;
import java.time.Clock;
import java.time.Duration;
import java.util.concurrent.atomic.AtomicBoolean;

/**
 * The on-disk records, {@code <root>/<name>/daemon.json}, scoped to one uid and host: records of
 * anyone else are neither listed nor returned for action. Writes are atomic (temporary file, fsync,
 * hard link into place, which also refuses to overwrite), files are 0600 in 0700 directories, and
 * every mutation of a name happens under {@link #lock(String)}.
 *
 * <p>A facade: reading is {@link RecordReader}, writing and removing {@link RecordWriter}, moving
 * aside {@link RecordQuarantine}, locking {@link RecordLocks}, and the checks on the directories they
 * act in {@link RecordDirectories}.
 */
public final class RecordStore {
    public static final String RECORD_FILE = "daemon.json";
    public static final String STALE_DIR = ".stale";
    public static final String LOCK_DIR = ".locks";

    private final Path root;
    private final int uid;
    private final String host;
    private final RecordReader reader;
    private final RecordWriter writer;
    private final RecordQuarantine quarantine;
    private final RecordLocks locks;

    public RecordStore(Path root, int uid, String host, Clock clock) {
        this.root = root.toAbsolutePath().normalize();
        this.uid = uid;
        this.host = host;
        RecordDirectories directories = new RecordDirectories(this.root);
        this.reader = new RecordReader(directories, uid, host);
        this.writer = new RecordWriter(directories);
        this.quarantine = new RecordQuarantine(directories, clock);
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

    /** Records of this user and host, sorted by name, plus every daemon.json that could not be read. */
    public RecordListing list() {
        return reader.list();
    }

    /**
     * Looks a name up; the name must be valid. The record is read through {@link SafeFiles} (no
     * link followed, regular files only, at most {@value SafeFiles#RECORD_LIMIT_BYTES} bytes, never
     * blocking on a FIFO) and decoded strictly; anything else makes it {@link RecordLookup.Unreadable}
     * with the reason.
     */
    public RecordLookup lookup(String name) {
        return reader.lookup(name, recordFile(name));
    }

    public Path recordFile(String name) {
        return root.resolve(RecordNames.validate(name)).resolve(RECORD_FILE);
    }

    /** Writes a new record; refuses to overwrite one that exists. Call with the name's lock held. */
    public void write(DaemonRecord record) {
        writer.write(record);
    }

    /** Replaces an existing record atomically (its limits changed). Call with the name's lock held. */
    public void replace(DaemonRecord record) {
        writer.replace(record);
    }

    /** Removes a record (and its directory when nothing else is in it). Call with the lock held. */
    public void remove(String name) {
        writer.remove(recordFile(name));
    }

    /** Moves the record directory of a stale or unreadable record aside to {@code .stale/<name>-<epoch ms>}. */
    public Path quarantine(String name) {
        return quarantine.quarantine(name);
    }

    /**
     * Takes the exclusive lock of one name, across processes (and threads of this process). Fails
     * at once, with a clear message, when someone else holds it.
     */
    public NameLock lock(String name) {
        return locks.lock(name);
    }

    /**
     * Takes the lock of a shared resource (a pipe directory, a GPU) next to the name locks, waiting
     * up to {@code wait} for another holder to finish; then fails with {@code busy}. The lock file is
     * {@code @<kind>-<hash of id>.lock}, which no daemon name can spell. Take it after the name lock,
     * in the order pipe, then GPU.
     */
    public NameLock lockResource(String kind, String id, Duration wait, Message busy) {
        return locks.lockResource(kind, id, wait, busy);
    }

    /**
     * {@link #lockResource(String, String, Duration, Message)} for a caller that still describes the
     * busy resource in plain English; the window then shows that English inside a Chinese frame.
     * Kept while lifecycle moves its texts to messages.
     */
    public NameLock lockResource(String kind, String id, Duration wait, String busyMessage) {
        return lockResource(kind, id, wait, Message.of(RecordText.RESOURCE_BUSY, busyMessage));
    }

    /** A held name lock; closing releases it. */
    public static final class NameLock implements AutoCloseable {
        private final String name;
        private final FileChannel channel;
        private final FileLock lock;
        private final Runnable forget;
        private final AtomicBoolean open = new AtomicBoolean(true);

        NameLock(String name, FileChannel channel, FileLock lock, Runnable forget) {
            this.name = name;
            this.channel = channel;
            this.lock = lock;
            this.forget = forget;
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
            RecordLocks.closeQuietly(channel);
            forget.run();
        }
    }
}
