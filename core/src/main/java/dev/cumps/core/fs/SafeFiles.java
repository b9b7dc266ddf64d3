package dev.cumps.core.fs;

import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.NoSuchFileException;
import java.nio.file.OpenOption;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.nio.file.attribute.BasicFileAttributes;
import java.nio.file.attribute.FileAttribute;
import java.time.Duration;
import java.util.Arrays;
import java.util.Objects;
import java.util.Set;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * The one place where the core reads a file that someone else could shape: records, pid files,
 * {@code control.log}, lock files. OpenSSH's {@code safe_path} and systemd's {@code chase()} are the
 * model: refuse before reading, and say why.
 *
 * <p>Every read
 * <ol>
 * <li>looks at the path with {@code lstat} ({@link LinkOption#NOFOLLOW_LINKS}) and refuses a symbolic
 * link, a directory, a FIFO, a socket or a device, and a file larger than the cap, without opening
 * it;</li>
 * <li>opens it with {@link LinkOption#NOFOLLOW_LINKS} (the JDK passes {@code O_NOFOLLOW}), so a link
 * swapped in after step 1 makes the open fail ({@code ELOOP}) instead of being followed;</li>
 * <li>reads at most cap + 1 bytes, so a file that grew past the cap is refused without being loaded;</li>
 * <li>then {@code lstat}s the path again and requires the same {@code fileKey()} (device and inode)
 * as in step 1, and a seekable channel ({@code lseek} fails with {@code ESPIPE} on a FIFO): what
 * was read is the regular file that was checked.</li>
 * </ol>
 *
 * <p><b>Why a FIFO can never hang a command.</b> {@code open(O_RDONLY)} of a FIFO blocks until a
 * writer appears, and Java offers no {@code O_NONBLOCK} open nor an {@code fstat} of an open channel.
 * Step 1 refuses a FIFO that is already there; the remaining window is a FIFO renamed over the file
 * between step 1 and step 2. To close it, steps 2 and 3 run on a worker thread (a shared pool of
 * daemon threads) and the caller waits at most {@link #DEFAULT_DEADLINE}: a read that does not finish
 * by then is reported as unreadable ("was not read within 5 s; it may have been replaced by a FIFO"),
 * and the worker is abandoned; a daemon thread does not keep the JVM alive, and the pool starts a
 * fresh one for the next read. Step 4 then catches a swap in either direction. The alternatives were
 * worse: opening read-write ({@code O_RDWR} never blocks on a FIFO on Linux) needs write permission
 * on other users' files and is wrong for a read; {@code O_NONBLOCK} or {@code fstat} would need
 * native code. The deadline only ever matters under that race (or a hung file system), so it is
 * generous rather than tight. Lock files, which we open for writing and own, are opened
 * {@code O_RDWR}, which never blocks on a FIFO, and checked the same way (see {@link #openLockFile}).
 *
 * <p>Refusals are {@link UnsafeFileException}s whose message is the reason, ready for a user:
 * {@code is a symbolic link}, {@code not a regular file (FIFO)}, {@code larger than 64 KiB (3221225472 bytes)}.
 * A missing file is a {@link NoSuchFileException}, as with {@link Files}.
 */
public final class SafeFiles {
    /** The cap for {@code daemon.json}. */
    public static final int RECORD_LIMIT_BYTES = 64 * 1024;
    /** The cap for a pid file: a number and a newline. */
    public static final int PID_FILE_LIMIT_BYTES = 4 * 1024;
    /** How long one read may take before it is given up (see the class comment for why it exists). */
    public static final Duration DEFAULT_DEADLINE = Duration.ofSeconds(5);

    private static final ExecutorService READERS = Executors.newCachedThreadPool(new DaemonThreads());

    private SafeFiles() {
    }

    /** A refusal to read a file; the message is the reason, for a user. */
    public static final class UnsafeFileException extends IOException {
        private static final long serialVersionUID = 1L;

        public UnsafeFileException(String reason) {
            super(reason);
        }
    }

    /**
     * The whole content of a regular file of at most {@code limit} bytes.
     *
     * @throws NoSuchFileException when nothing is there
     * @throws UnsafeFileException when it is not a regular file, too large, or not read in time
     * @throws IOException when reading fails otherwise
     */
    public static byte[] readAll(Path file, int limit) throws IOException {
        return readAll(file, limit, DEFAULT_DEADLINE);
    }

    /** {@link #readAll(Path, int)} with an explicit deadline. */
    public static byte[] readAll(Path file, int limit, Duration deadline) throws IOException {
        BasicFileAttributes before = regularFile(file);
        if (before.size() > limit) {
            throw tooLarge(limit, before.size());
        }
        byte[] bytes = bounded(deadline, () -> {
            try (FileChannel ch = FileChannel.open(file, Set.of(StandardOpenOption.READ, LinkOption.NOFOLLOW_LINKS))) {
                ch.position(0); // ESPIPE on a FIFO
                return readUpTo(ch, limit + 1, before.size());
            }
        });
        if (bytes.length > limit) {
            throw tooLarge(limit, (long) bytes.length);
        }
        sameFile(file, before);
        return bytes;
    }

    /** The end of a file: bytes from {@code start} to the end of the file as it was read. */
    public record Tail(byte[] bytes, long start, long size) {
        public Tail {
            Objects.requireNonNull(bytes);
        }

        /** Whether the start was moved forward by the byte limit. */
        public boolean cut(long requestedOffset) {
            return start > requestedOffset;
        }

        @Override
        public boolean equals(Object o) {
            return o instanceof Tail t && Arrays.equals(bytes, t.bytes) && start == t.start && size == t.size;
        }

        @Override
        public int hashCode() {
            return Arrays.hashCode(bytes) * 31 + Long.hashCode(start);
        }

        @Override
        public String toString() {
            return "Tail[" + bytes.length + " bytes from " + start + " of " + size + "]";
        }
    }

    /**
     * The bytes of a regular file (a log that may be growing) after {@code offset}, at most the last
     * {@code limit} of them. An offset beyond the end (the file was truncated or replaced) reads from 0.
     */
    public static Tail readTail(Path file, long offset, int limit) throws IOException {
        BasicFileAttributes before = regularFile(file);
        Tail tail = bounded(DEFAULT_DEADLINE, () -> {
            try (FileChannel ch = FileChannel.open(file, Set.of(StandardOpenOption.READ, LinkOption.NOFOLLOW_LINKS))) {
                long size = ch.size();
                long from = size < offset ? 0 : Math.max(offset, size - limit);
                ch.position(from);
                byte[] bytes = readUpTo(ch, (int) Math.min(limit, size - from));
                return new Tail(bytes, from, size);
            }
        });
        sameFile(file, before);
        return tail;
    }

    /**
     * The size of a regular file, from {@code lstat}: what a later {@link #readTail} would start
     * after. Nothing is opened.
     */
    public static long size(Path file) throws IOException {
        return regularFile(file).size();
    }

    /**
     * Opens (creating it 0600 when missing) a lock file for read and write without following a link.
     * {@code O_RDWR} is used on purpose: unlike a read-only or write-only open it never blocks on a
     * FIFO, so the type check can come after the open. The lock file must be a regular file, the same
     * one the path names after the open.
     */
    public static FileChannel openLockFile(Path file, FileAttribute<?> createMode) throws IOException {
        BasicFileAttributes before = null;
        try {
            before = regularFile(file);
        } catch (NoSuchFileException e) {
            // created below
        }
        Set<OpenOption> options = Set.of(StandardOpenOption.CREATE, StandardOpenOption.READ, StandardOpenOption.WRITE,
                LinkOption.NOFOLLOW_LINKS);
        FileChannel ch = FileChannel.open(file, options, createMode);
        try {
            ch.position(0); // ESPIPE on a FIFO
            BasicFileAttributes after = regularFile(file);
            if (before != null && !Objects.equals(before.fileKey(), after.fileKey())) {
                throw new UnsafeFileException("was replaced while being opened");
            }
            return ch;
        } catch (IOException | RuntimeException e) {
            ch.close();
            throw e;
        }
    }

    /**
     * {@code lstat}: the attributes of a regular file, or the reason it is not one.
     *
     * @throws NoSuchFileException when nothing is there
     */
    public static BasicFileAttributes regularFile(Path file) throws IOException {
        BasicFileAttributes attrs = Files.readAttributes(file, BasicFileAttributes.class, LinkOption.NOFOLLOW_LINKS);
        if (attrs.isRegularFile()) {
            return attrs;
        }
        if (attrs.isSymbolicLink()) {
            throw new UnsafeFileException("is a symbolic link");
        }
        if (attrs.isDirectory()) {
            throw new UnsafeFileException("not a regular file (directory)");
        }
        throw new UnsafeFileException("not a regular file (" + specialKind(file) + ")");
    }

    private static String specialKind(Path file) {
        try {
            int mode = (Integer) Files.getAttribute(file, "unix:mode", LinkOption.NOFOLLOW_LINKS);
            return switch (mode & 0170000) {
                case 0010000 -> "FIFO";
                case 0020000 -> "character device";
                case 0060000 -> "block device";
                case 0140000 -> "socket";
                default -> "special file";
            };
        } catch (IOException | UnsupportedOperationException | IllegalArgumentException | ClassCastException e) {
            return "special file";
        }
    }

    private static UnsafeFileException tooLarge(int limit, long size) {
        String cap = limit % 1024 == 0 ? (limit / 1024) + " KiB" : limit + " bytes";
        return new UnsafeFileException("larger than " + cap + " (" + (size > limit ? size + " bytes" : "grew while being read") + ")");
    }

    private static void sameFile(Path file, BasicFileAttributes before) throws IOException {
        BasicFileAttributes after;
        try {
            after = regularFile(file);
        } catch (NoSuchFileException e) {
            throw new UnsafeFileException("was removed or replaced while being read");
        }
        if (!Objects.equals(before.fileKey(), after.fileKey())) {
            throw new UnsafeFileException("was replaced while being read");
        }
    }

    private static byte[] readUpTo(FileChannel ch, int max) throws IOException {
        return readUpTo(ch, max, max);
    }

    /**
     * Up to {@code max} bytes from the channel's position. The buffer starts at the size the file had
     * when it was checked ({@code expected}) plus one byte, and grows (up to {@code max}) only if the
     * file grew: a record of a few hundred bytes no longer allocates the whole cap (docs/performance.md).
     */
    private static byte[] readUpTo(FileChannel ch, int max, long expected) throws IOException {
        int cap = Math.max(0, max);
        ByteBuffer buffer = ByteBuffer.allocate((int) Math.min(cap, Math.max(1L, expected + 1)));
        while (true) {
            while (buffer.hasRemaining() && ch.read(buffer) > 0) {
                // until the buffer is full or the end of the file
            }
            if (buffer.hasRemaining() || buffer.capacity() >= cap) {
                break;
            }
            ByteBuffer bigger = ByteBuffer.allocate((int) Math.min(cap, buffer.capacity() * 2L));
            buffer.flip();
            bigger.put(buffer);
            buffer = bigger;
        }
        return Arrays.copyOf(buffer.array(), buffer.position());
    }

    @FunctionalInterface
    private interface IoTask<T> {
        T run() throws IOException;
    }

    /**
     * Runs {@code task} on a worker and waits for it at most {@code deadline}. The wait is not cut
     * short by an interrupt (a file read is not interruptible either, and undo paths that run with an
     * interrupt pending must still read the pid file); the interrupt is handed back afterwards.
     */
    private static <T> T bounded(Duration deadline, IoTask<T> task) throws IOException {
        Future<T> future = READERS.submit(task::run);
        boolean interrupted = false;
        long end = System.nanoTime() + deadline.toNanos();
        try {
            while (true) {
                try {
                    return future.get(Math.max(0, end - System.nanoTime()), TimeUnit.NANOSECONDS);
                } catch (InterruptedException e) {
                    interrupted = true;
                }
            }
        } catch (TimeoutException e) {
            future.cancel(true);
            String limit = deadline.toMillis() % 1000 == 0 ? deadline.toSeconds() + " s" : deadline.toMillis() + " ms";
            throw new UnsafeFileException("was not read within " + limit + "; it may have been replaced by a FIFO or sit on a hung file system");
        } catch (ExecutionException e) {
            Throwable cause = e.getCause();
            if (cause instanceof IOException io) {
                if (io instanceof java.nio.file.FileSystemException fs && fs.getReason() != null
                        && fs.getReason().contains("Too many levels of symbolic links")) {
                    throw new UnsafeFileException("is a symbolic link");
                }
                throw io;
            }
            if (cause instanceof RuntimeException re) {
                throw re;
            }
            if (cause instanceof Error err) {
                throw err;
            }
            throw new IOException(cause);
        } finally {
            if (interrupted) {
                Thread.currentThread().interrupt();
            }
        }
    }

    private static final class DaemonThreads implements java.util.concurrent.ThreadFactory {
        private final AtomicInteger count = new AtomicInteger();

        @Override
        public Thread newThread(Runnable r) {
            Thread t = new Thread(r, "cumps-safe-read-" + count.incrementAndGet());
            t.setDaemon(true);
            return t;
        }
    }
}
