package dev.cumps.core.fs;

import dev.cumps.core.message.Message;
import java.io.ByteArrayOutputStream;
import java.io.Closeable;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.channels.SeekableByteChannel;
import java.nio.file.DirectoryStream;
import java.nio.file.FileAlreadyExistsException;
import java.nio.file.FileSystems;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.NoSuchFileException;
import java.nio.file.OpenOption;
import java.nio.file.Path;
import java.nio.file.SecureDirectoryStream;
import java.nio.file.StandardOpenOption;
import java.nio.file.attribute.BasicFileAttributeView;
import java.nio.file.attribute.BasicFileAttributes;
import java.nio.file.attribute.PosixFileAttributeView;
import java.nio.file.attribute.PosixFileAttributes;
import java.nio.file.attribute.PosixFilePermission;
import java.nio.file.attribute.PosixFilePermissions;
import java.nio.file.attribute.UserPrincipal;
import java.security.SecureRandom;
import java.time.Duration;
import java.util.HexFormat;
import java.util.Objects;
import java.util.Optional;
import java.util.Set;
import java.util.concurrent.atomic.AtomicBoolean;

/**
 * A folder that passed the {@link TrustRule}, held open: files in it are opened relative to the open
 * folder ({@code openat}, {@code O_NOFOLLOW}), never again by path, so swapping the folder (or a folder
 * above it) for another between the check and the read changes nothing: the folder read is the one
 * checked (its device and inode, from {@code fstat} of the open folder, are those the check saw). A
 * file read must be a regular file, not a link, of the caller or root and writable by no one else,
 * at most a cap in size, and read on a deadline (a FIFO renamed over it cannot block: {@link SafeFiles}).
 * A file written goes to a private temporary file in the same folder, renamed over the target
 * ({@code renameat}).
 */
public final class TrustedFolder implements Closeable {
    private static final SecureRandom RANDOM = new SecureRandom();

    private final Path path;
    private final int uid;
    private final SecureDirectoryStream<Path> dir;
    /**
     * The JDK holds the open folder's lock while it opens a file in it, and {@code close} waits for that lock:
     * a read abandoned on its deadline (a FIFO swapped in, no writer) would make {@code close} wait for ever.
     * So the folder is closed by whichever comes last, {@link #close} or the abandoned worker.
     */
    private final AtomicBoolean reading = new AtomicBoolean();
    private final AtomicBoolean closeWanted = new AtomicBoolean();
    private final AtomicBoolean closed = new AtomicBoolean();

    private TrustedFolder(Path path, int uid, SecureDirectoryStream<Path> dir) {
        this.path = path;
        this.uid = uid;
        this.dir = dir;
    }

    /**
     * The folder at {@code folder}, open, when it passes the rule for {@code uid}; empty when nothing is
     * there.
     *
     * @throws SafeFiles.UnsafeFileException with the rule's reason when it does not pass
     */
    public static Optional<TrustedFolder> open(Path folder, int uid) throws IOException {
        Objects.requireNonNull(folder, "folder");
        if (!TrustRule.exists(folder)) {
            return Optional.empty();
        }
        Optional<Message> problem = TrustRule.directoryProblem(folder, uid);
        if (problem.isPresent()) {
            throw new SafeFiles.UnsafeFileException(problem.get());
        }
        Object checked = Files.readAttributes(folder, BasicFileAttributes.class, LinkOption.NOFOLLOW_LINKS).fileKey();
        DirectoryStream<Path> stream;
        try {
            stream = Files.newDirectoryStream(folder);
        } catch (NoSuchFileException e) {
            return Optional.empty();
        }
        if (!(stream instanceof SecureDirectoryStream<Path> secure)) {
            stream.close();
            throw new IOException("this platform cannot open a folder and then a file relative to it");
        }
        try {
            // fstat of the open folder: the one the rule passed, not one swapped in since.
            Object opened = secure.getFileAttributeView(BasicFileAttributeView.class).readAttributes().fileKey();
            if (checked == null || !checked.equals(opened)) {
                throw new SafeFiles.UnsafeFileException(Message.of(FsMessages.TRUST_SWAPPED, folder));
            }
            return Optional.of(new TrustedFolder(folder, uid, secure));
        } catch (IOException | RuntimeException e) {
            secure.close();
            throw e;
        }
    }

    /**
     * {@link #open}, creating the folder (mode 0700) first when it is missing; the folder above it must
     * pass the rule (it is not created).
     */
    public static TrustedFolder openOrCreate(Path folder, int uid) throws IOException {
        Optional<TrustedFolder> open = open(folder, uid);
        if (open.isPresent()) {
            return open.get();
        }
        Optional<Message> above = TrustRule.parents(folder, uid);
        if (above.isPresent()) {
            throw new SafeFiles.UnsafeFileException(above.get());
        }
        try {
            Files.createDirectory(folder, PosixFilePermissions.asFileAttribute(PosixFilePermissions.fromString("rwx------")));
        } catch (FileAlreadyExistsException e) {
            // Raced with another creator: open checks what stands there now.
        }
        return open(folder, uid).orElseThrow(() -> new NoSuchFileException(folder.toString()));
    }

    public Path path() {
        return path;
    }

    /**
     * The whole of the file {@code name} in this folder: a regular file (not a link), the caller's or
     * root's, writable by no one else, at most {@code limit} bytes, read within {@code deadline}.
     *
     * @throws NoSuchFileException when nothing is there
     * @throws SafeFiles.UnsafeFileException when the file does not pass, is too large or is not read in time
     */
    public byte[] read(String name, int limit, Duration deadline) throws IOException {
        Path entry = entry(name);
        Path shown = path.resolve(entry);
        PosixFileAttributes before = attributes(entry);
        if (before.isSymbolicLink()) {
            throw new SafeFiles.UnsafeFileException(Message.of(FsMessages.IS_SYMBOLIC_LINK));
        }
        if (!before.isRegularFile()) {
            throw new SafeFiles.UnsafeFileException(before.isDirectory() ? Message.of(FsMessages.NOT_REGULAR_DIRECTORY)
                    : Message.of(FsMessages.NOT_REGULAR_SPECIAL, Message.of(FsMessages.KIND_SPECIAL_FILE)));
        }
        Optional<Message> problem = ownerAndMode(shown, before);
        if (problem.isPresent()) {
            throw new SafeFiles.UnsafeFileException(problem.get());
        }
        if (before.size() > limit) {
            throw new SafeFiles.UnsafeFileException(Message.of(FsMessages.TOO_LARGE, limit % 1024 == 0 ? (limit / 1024) + " KiB"
                    : limit + " bytes", before.size()));
        }
        reading.set(true);
        byte[] bytes;
        try {
            bytes = BoundedRead.within(deadline, () -> {
                try (SeekableByteChannel ch = dir.newByteChannel(entry, Set.of(StandardOpenOption.READ, LinkOption.NOFOLLOW_LINKS))) {
                    ch.position(0); // ESPIPE on a FIFO
                    return readUpTo(ch, limit + 1);
                } finally {
                    reading.set(false);
                    if (closeWanted.get()) {
                        closeNow();
                    }
                }
            });
        } catch (IOException | RuntimeException e) {
            if (!(e instanceof SafeFiles.UnsafeFileException u && u.reason().id() == FsMessages.NOT_READ_IN_TIME)) {
                reading.set(false); // the worker ended (or never ran): nothing is left holding the folder
            }
            throw e;
        }
        if (bytes.length > limit) {
            throw new SafeFiles.UnsafeFileException(Message.of(FsMessages.TOO_LARGE_GREW, limit % 1024 == 0 ? (limit / 1024) + " KiB"
                    : limit + " bytes"));
        }
        PosixFileAttributes after;
        try {
            after = attributes(entry);
        } catch (NoSuchFileException e) {
            throw new SafeFiles.UnsafeFileException(Message.of(FsMessages.REMOVED_WHILE_READ));
        }
        if (!Objects.equals(before.fileKey(), after.fileKey())) {
            throw new SafeFiles.UnsafeFileException(Message.of(FsMessages.REPLACED_WHILE_READ));
        }
        return bytes;
    }

    /**
     * Replaces the file {@code name} in this folder with {@code content}, mode {@code mode}: written to a
     * new private file in this folder, synced, then renamed over {@code name} (both relative to the open
     * folder).
     */
    public void replace(String name, byte[] content, Set<PosixFilePermission> mode) throws IOException {
        Path entry = entry(name);
        Path temporary = Path.of("." + name + "." + HexFormat.of().formatHex(randomBytes()) + ".tmp");
        Set<OpenOption> options = Set.of(StandardOpenOption.CREATE_NEW, StandardOpenOption.WRITE, LinkOption.NOFOLLOW_LINKS);
        boolean moved = false;
        try {
            try (SeekableByteChannel ch = dir.newByteChannel(temporary, options, PosixFilePermissions.asFileAttribute(mode))) {
                ByteBuffer buffer = ByteBuffer.wrap(content);
                while (buffer.hasRemaining()) {
                    ch.write(buffer);
                }
                if (ch instanceof FileChannel file) {
                    file.force(true);
                }
            }
            // The umask may have narrowed the mode; what was asked for is what the file gets.
            dir.getFileAttributeView(temporary, PosixFileAttributeView.class, LinkOption.NOFOLLOW_LINKS)
                    .setPermissions(mode);
            dir.move(temporary, dir, entry);
            moved = true;
        } finally {
            if (!moved) {
                try {
                    dir.deleteFile(temporary);
                } catch (IOException e) {
                    // never created, or already gone
                }
            }
        }
    }

    private static byte[] randomBytes() {
        byte[] b = new byte[6];
        RANDOM.nextBytes(b);
        return b;
    }

    private PosixFileAttributes attributes(Path entry) throws IOException {
        return dir.getFileAttributeView(entry, PosixFileAttributeView.class, LinkOption.NOFOLLOW_LINKS).readAttributes();
    }

    /**
     * The rule on a file's owner and mode, from {@code fstatat} relative to the open folder (never the path,
     * which may name another folder by now). The JDK gives the owner as a principal, which compares by uid.
     */
    private Optional<Message> ownerAndMode(Path shown, PosixFileAttributes attrs) throws IOException {
        UserPrincipal owner = attrs.owner();
        if (!owner.equals(principal(uid)) && !owner.equals(principal(0))) {
            return Optional.of(Message.of(FsMessages.TRUST_FOREIGN_OWNER_NAMED, shown, owner.getName()));
        }
        Set<PosixFilePermission> mode = attrs.permissions();
        if (mode.contains(PosixFilePermission.GROUP_WRITE) || mode.contains(PosixFilePermission.OTHERS_WRITE)) {
            return Optional.of(Message.of(FsMessages.TRUST_WRITABLE, shown, PosixFilePermissions.toString(mode)));
        }
        return Optional.empty();
    }

    /** The principal of a uid: the JDK looks a name of digits up as that uid when no user has that name. */
    private static UserPrincipal principal(int uid) throws IOException {
        return FileSystems.getDefault().getUserPrincipalLookupService().lookupPrincipalByName(Integer.toUnsignedString(uid));
    }

    /** A name in this folder: one component, no separator, not {@code .} or {@code ..}. */
    private static Path entry(String name) {
        if (name.isEmpty() || name.contains("/") || name.equals(".") || name.equals("..") || name.indexOf('\0') >= 0) {
            throw new IllegalArgumentException("not a file name: " + name);
        }
        return Path.of(name);
    }

    private static byte[] readUpTo(SeekableByteChannel ch, int max) throws IOException {
        ByteBuffer buffer = ByteBuffer.allocate(Math.min(max, 8192));
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        while (out.size() < max) {
            buffer.clear();
            buffer.limit(Math.min(buffer.capacity(), max - out.size()));
            int n = ch.read(buffer);
            if (n < 0) {
                break;
            }
            out.write(buffer.array(), 0, n);
        }
        return out.toByteArray();
    }

    @Override
    public void close() throws IOException {
        closeWanted.set(true);
        if (!reading.get()) {
            closeNow();
        }
    }

    private void closeNow() {
        if (closed.compareAndSet(false, true)) {
            try {
                dir.close();
            } catch (IOException e) {
                // Nothing was written through it; the descriptor is gone either way.
            }
        }
    }
}
