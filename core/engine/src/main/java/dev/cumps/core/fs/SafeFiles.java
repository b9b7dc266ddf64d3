package dev.cumps.core.fs;

import dev.cumps.core.message.Message;
import java.io.IOException;
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
import java.util.Optional;
import java.util.Set;

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
 * daemon threads, {@link BoundedRead}) and the caller waits at most {@link #DEFAULT_DEADLINE}: a read that does not finish
 * by then is reported as unreadable ("was not read within 5 s; it may have been replaced by a FIFO"),
 * and the worker is abandoned; a daemon thread does not keep the JVM alive, and the pool starts a
 * fresh one for the next read. Step 4 then catches a swap in either direction. The alternatives were
 * worse: opening read-write ({@code O_RDWR} never blocks on a FIFO on Linux) needs write permission
 * on other users' files and is wrong for a read; {@code O_NONBLOCK} or {@code fstat} would need
 * native code. The deadline only ever matters under that race (or a hung file system), so it is
 * generous rather than tight. Lock files, which we open for writing and own, are opened
 * {@code O_RDWR}, which never blocks on a FIFO, and checked the same way (see {@link #openLockFile}).
 *
 * <p>Refusals are {@link UnsafeFileException}s whose {@link UnsafeFileException#reason() reason} is a
 * {@link Message} ({@link FsText}) and whose English message is ready for a user:
 * {@code is a symbolic link}, {@code not a regular file (FIFO)}, {@code larger than 64 KiB (3221225472 bytes)}.
 * A missing file is a {@link NoSuchFileException}, as with {@link Files}.
 *
 * <p>Size: a little over 250 lines, of which this comment is a sixth. It is one job, checking a path
 * and reading what was checked, and its four entry points share the {@code lstat}, open and re-check
 * steps; the worker-thread reading is in {@link BoundedRead}. Splitting the entry points apart
 * would scatter the one sequence a security review has to follow.
 */
public final class SafeFiles {
    /** The cap for {@code daemon.json}. */
    public static final int RECORD_LIMIT_BYTES = 64 * 1024;
    /** The cap for a pid file: a number and a newline. */
    public static final int PID_FILE_LIMIT_BYTES = 4 * 1024;
    /** How long one read may take before it is given up (see the class comment for why it exists). */
    public static final Duration DEFAULT_DEADLINE = Duration.ofSeconds(5);

    private SafeFiles() {
    }

    /** A refusal to read a file; the message is the reason, for a user, in English. */
    public static final class UnsafeFileException extends IOException {
        private static final long serialVersionUID = 1L;

        private final transient Message reason;

        public UnsafeFileException(Message reason) {
            super(reason.english());
            this.reason = reason;
        }

        /** The reason, for a user, as a message. */
        public Message reason() {
            return reason;
        }
    }

    /**
     * Whether an open failed with {@code ELOOP}: an open without following links met a symbolic link.
     */
    public static boolean isLinkLoop(IOException e) {
        return BoundedRead.isLinkLoop(e);
    }

    /**
     * What to tell a user about a failed file operation: the reason of a refusal (a {@link Message}),
     * or the text of any other {@link IOException} as raw evidence. Either fits a message argument.
     */
    public static Object reasonOf(IOException e) {
        if (e instanceof UnsafeFileException unsafe) {
            return unsafe.reason();
        }
        return String.valueOf(e.getMessage());
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
        byte[] bytes = BoundedRead.within(deadline, () -> {
            try (FileChannel ch = FileChannel.open(file, Set.of(StandardOpenOption.READ, LinkOption.NOFOLLOW_LINKS))) {
                ch.position(0); // ESPIPE on a FIFO
                return BoundedRead.readUpTo(ch, limit + 1, before.size());
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
        Tail tail = BoundedRead.within(DEFAULT_DEADLINE, () -> {
            try (FileChannel ch = FileChannel.open(file, Set.of(StandardOpenOption.READ, LinkOption.NOFOLLOW_LINKS))) {
                long size = ch.size();
                long from = size < offset ? 0 : Math.max(offset, size - limit);
                ch.position(from);
                byte[] bytes = BoundedRead.readUpTo(ch, (int) Math.min(limit, size - from));
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
                throw new UnsafeFileException(Message.of(FsText.REPLACED_WHILE_OPENED));
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
            throw new UnsafeFileException(Message.of(FsText.IS_SYMBOLIC_LINK));
        }
        if (attrs.isDirectory()) {
            throw new UnsafeFileException(Message.of(FsText.NOT_REGULAR_DIRECTORY));
        }
        // The kind takes a second look at the path: what stands there may have been renamed over it meanwhile.
        FsText kind = specialKind(file).orElseThrow(() -> new UnsafeFileException(Message.of(FsText.REPLACED_WHILE_OPENED)));
        throw new UnsafeFileException(Message.of(FsText.NOT_REGULAR_SPECIAL, Message.of(kind)));
    }

    /** What kind of special file stands at {@code file}; empty when it is a regular file, directory or link now (replaced). */
    private static Optional<FsText> specialKind(Path file) {
        try {
            int mode = (Integer) Files.getAttribute(file, "unix:mode", LinkOption.NOFOLLOW_LINKS);
            return switch (mode & 0170000) {
                case 0010000 -> Optional.of(FsText.KIND_FIFO);
                case 0020000 -> Optional.of(FsText.KIND_CHARACTER_DEVICE);
                case 0060000 -> Optional.of(FsText.KIND_BLOCK_DEVICE);
                case 0140000 -> Optional.of(FsText.KIND_SOCKET);
                case 0100000, 0040000, 0120000 -> Optional.empty();
                default -> Optional.of(FsText.KIND_SPECIAL_FILE);
            };
        } catch (IOException | UnsupportedOperationException | IllegalArgumentException | ClassCastException e) {
            return Optional.of(FsText.KIND_SPECIAL_FILE);
        }
    }

    private static UnsafeFileException tooLarge(int limit, long size) {
        String cap = limit % 1024 == 0 ? (limit / 1024) + " KiB" : limit + " bytes";
        return new UnsafeFileException(size > limit ? Message.of(FsText.TOO_LARGE, cap, size) : Message.of(FsText.TOO_LARGE_GREW, cap));
    }

    private static void sameFile(Path file, BasicFileAttributes before) throws IOException {
        BasicFileAttributes after;
        try {
            after = regularFile(file);
        } catch (NoSuchFileException e) {
            throw new UnsafeFileException(Message.of(FsText.REMOVED_WHILE_READ));
        }
        if (!Objects.equals(before.fileKey(), after.fileKey())) {
            throw new UnsafeFileException(Message.of(FsText.REPLACED_WHILE_READ));
        }
    }
}
