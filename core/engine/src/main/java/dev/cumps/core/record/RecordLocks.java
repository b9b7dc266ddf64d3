package dev.cumps.core.record;

import dev.cumps.core.fs.FsMessages;
import dev.cumps.core.fs.SafeFiles;
import dev.cumps.core.message.CumpsException;
import dev.cumps.core.message.Message;
import java.io.IOException;
import java.nio.channels.FileChannel;
import java.nio.channels.FileLock;
import java.nio.channels.OverlappingFileLockException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.time.Duration;
import java.util.HexFormat;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;

/**
 * The lock files in {@code <root>/.locks}: one per daemon name ({@code <name>.lock}) and one per
 * shared resource ({@code @<kind>-<hash of id>.lock}, which no daemon name can spell). Locks are
 * POSIX record locks across processes, and a set of held files within this process. Every mutation
 * of a name happens under its lock; callers get the locks of a root from {@link RecordStore#locks()},
 * so records and their locks always share one root.
 */
public final class RecordLocks {
    public static final String LOCK_DIR = ".locks";

    private static final long RESOURCE_LOCK_POLL_MS = 50;

    /**
     * Lock files held by this process. Process-wide on purpose: it mirrors the kernel's per-process
     * ownership of POSIX locks, which no instance field could.
     */
    private static final Set<Path> HELD_IN_THIS_PROCESS = ConcurrentHashMap.newKeySet();

    private final RecordDirectories directories;

    RecordLocks(RecordDirectories directories) {
        this.directories = directories;
    }

    /**
     * Takes the exclusive lock of one daemon name, across processes (and threads of this process).
     * Fails at once, with a clear message, when someone else holds it.
     */
    public NameLock lock(String name) {
        RecordNames.validate(name);
        return lockKey(name, name, new Busy(Message.of(RecordMessages.NAME_BUSY, name)));
    }

    /**
     * Takes the lock of a shared resource (a pipe directory, a GPU) next to the name locks, waiting
     * up to {@code wait} for another holder to finish; then fails with {@code busy}. The lock file is
     * {@code @<kind>-<hash of id>.lock}, which no daemon name can spell. Take it after the name lock,
     * in the order pipe, then GPU.
     */
    public NameLock lockResource(String kind, String id, Duration wait, Message busy) {
        String key = "@" + kind + "-" + sha256(id);
        long deadline = System.nanoTime() + wait.toNanos();
        while (true) {
            try {
                return lockKey(key, key, new Busy(busy));
            } catch (Busy held) {
                if (System.nanoTime() >= deadline) {
                    throw new CumpsException(busy);
                }
                try {
                    Thread.sleep(RESOURCE_LOCK_POLL_MS);
                } catch (InterruptedException e) {
                    Thread.currentThread().interrupt();
                    throw new CumpsException(Message.of(RecordMessages.INTERRUPTED_WAITING, busy));
                }
            }
        }
    }

    private static String sha256(String id) {
        try {
            byte[] digest = MessageDigest.getInstance("SHA-256").digest(id.getBytes(StandardCharsets.UTF_8));
            return HexFormat.of().formatHex(digest, 0, 16);
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException("SHA-256 is missing from this Java runtime", e);
        }
    }

    private NameLock lockKey(String name, String key, CumpsException busy) {
        Path lockDir = directories.root().resolve(LOCK_DIR);
        Path lockFile = lockDir.resolve(key + ".lock");
        // POSIX record locks belong to the process, and closing any descriptor of the file drops them;
        // so a second holder inside this process must be refused before it opens the file at all.
        if (!HELD_IN_THIS_PROCESS.add(lockFile)) {
            throw busy;
        }
        FileChannel channel = null;
        try {
            directories.privateDirectory(lockDir);
            // No link followed, regular files only, and an open that cannot block on a FIFO.
            channel = SafeFiles.openLockFile(lockFile, PosixFilePermissions.asFileAttribute(PosixFilePermissions.fromString("rw-------")));
            FileLock lock = channel.tryLock();
            if (lock == null) {
                throw busy;
            }
            return new NameLock(name, channel, lock, () -> HELD_IN_THIS_PROCESS.remove(lockFile));
        } catch (OverlappingFileLockException e) {
            NameLock.closeQuietly(channel);
            HELD_IN_THIS_PROCESS.remove(lockFile);
            throw busy;
        } catch (IOException e) {
            NameLock.closeQuietly(channel);
            HELD_IN_THIS_PROCESS.remove(lockFile);
            throw new CumpsException(Message.of(RecordMessages.CANNOT_LOCK, lockFile, reason(e), name));
        } catch (CumpsException e) {
            NameLock.closeQuietly(channel);
            HELD_IN_THIS_PROCESS.remove(lockFile);
            throw e;
        }
    }

    /** A lock someone else holds right now. */
    private static final class Busy extends CumpsException {
        private static final long serialVersionUID = 1L;

        Busy(Message message) {
            super(message);
        }
    }

    private static Object reason(IOException e) {
        return SafeFiles.isLinkLoop(e) ? Message.of(FsMessages.IS_SYMBOLIC_LINK) : SafeFiles.reasonOf(e);
    }
}
