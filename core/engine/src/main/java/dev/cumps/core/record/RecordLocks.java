package dev.cumps.core.record;

import dev.cumps.core.fs.FsText;
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
 * POSIX record locks across processes, and a set of held files within this process.
 */
final class RecordLocks {
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

    /** The lock of one daemon name; fails at once when someone else holds it. */
    RecordStore.NameLock lock(String name) {
        RecordNames.validate(name);
        return lockKey(name, name, new Busy(Message.of(RecordText.NAME_BUSY, name)));
    }

    /** The lock of a shared resource, waiting up to {@code wait} for another holder; {@code busy} says who waits on what. */
    RecordStore.NameLock lockResource(String kind, String id, Duration wait, Message busy) {
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
                    throw new CumpsException(Message.of(RecordText.INTERRUPTED_WAITING, busy));
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

    private RecordStore.NameLock lockKey(String name, String key, CumpsException busy) {
        Path lockDir = directories.root().resolve(RecordStore.LOCK_DIR);
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
            return new RecordStore.NameLock(name, channel, lock, () -> HELD_IN_THIS_PROCESS.remove(lockFile));
        } catch (OverlappingFileLockException e) {
            closeQuietly(channel);
            HELD_IN_THIS_PROCESS.remove(lockFile);
            throw busy;
        } catch (IOException e) {
            closeQuietly(channel);
            HELD_IN_THIS_PROCESS.remove(lockFile);
            throw new CumpsException(Message.of(RecordText.CANNOT_LOCK, lockFile, reason(e), name));
        } catch (CumpsException e) {
            closeQuietly(channel);
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
        return SafeFiles.isLinkLoop(e) ? Message.of(FsText.IS_SYMBOLIC_LINK) : SafeFiles.reasonOf(e);
    }

    static void closeQuietly(FileChannel channel) {
        if (channel != null) {
            try {
                channel.close();
            } catch (IOException ignored) {
                // Nothing was locked through it.
            }
        }
    }
}
