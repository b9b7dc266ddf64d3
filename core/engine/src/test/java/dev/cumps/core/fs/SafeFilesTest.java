package dev.cumps.core.fs;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTimeoutPreemptively;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.cumps.core.fs.SafeFiles.UnsafeFileException;
import dev.cumps.core.message.Message;
import dev.cumps.core.testing.Sandbox;
import java.io.IOException;
import java.io.RandomAccessFile;
import java.nio.channels.FileChannel;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.nio.file.attribute.PosixFilePermissions;
import java.time.Duration;
import java.util.Arrays;
import java.util.Set;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class SafeFilesTest {
    /** Generous: only a hang would take this long; a FIFO must never get near it. */
    private static final Duration NEVER_HANGS = Duration.ofSeconds(30);
    private static final int CAP = SafeFiles.RECORD_LIMIT_BYTES;

    @TempDir
    Path dir;

    private String refusal(Path file) {
        return assertTimeoutPreemptively(NEVER_HANGS,
                () -> assertThrows(UnsafeFileException.class, () -> SafeFiles.readAll(file, CAP)).getMessage());
    }

    @Test
    void readsARegularFileWhole() throws Exception {
        Path file = Files.writeString(dir.resolve("daemon.json"), "{\"pid\": 7}\n");
        assertEquals("{\"pid\": 7}\n", new String(SafeFiles.readAll(file, CAP), StandardCharsets.UTF_8));
    }

    @Test
    void aMissingFileIsNoSuchFile() {
        assertThrows(NoSuchFileException.class, () -> SafeFiles.readAll(dir.resolve("absent"), CAP));
    }

    @Test
    void aSymbolicLinkIsRefusedEvenToARegularFile() throws Exception {
        Path target = Files.writeString(dir.resolve("real.json"), "{}");
        Path link = Files.createSymbolicLink(dir.resolve("daemon.json"), target);
        assertEquals("is a symbolic link", refusal(link));
    }

    @Test
    void aFifoIsRefusedAtOnceWithoutWaitingForAWriter() {
        Path fifo = dir.resolve("daemon.json");
        Sandbox.mkfifo(fifo);
        assertEquals("not a regular file (FIFO)", refusal(fifo));
        UnsafeFileException e = assertThrows(UnsafeFileException.class, () -> SafeFiles.regularFile(fifo));
        assertEquals(Message.of(FsMessages.NOT_REGULAR_SPECIAL,
                Message.of(FsMessages.KIND_FIFO)), e.reason(), "the window translates the kind too");
    }

    @Test
    void aDirectoryIsRefused() throws Exception {
        Path d = Files.createDirectory(dir.resolve("daemon.json"));
        assertEquals("not a regular file (directory)", refusal(d));
    }

    @Test
    void aLinkToDevZeroIsRefusedAndDevZeroItselfToo() throws Exception {
        Path link = Files.createSymbolicLink(dir.resolve("daemon.json"), Path.of("/dev/zero"));
        assertEquals("is a symbolic link", refusal(link));
        assertEquals("not a regular file (character device)", refusal(Path.of("/dev/zero")));
    }

    @Test
    void aSparseThreeGigabyteFileIsRefusedWithoutBeingLoaded() throws Exception {
        Path file = dir.resolve("daemon.json");
        try (RandomAccessFile raf = new RandomAccessFile(file.toFile(), "rw")) {
            raf.setLength(3L * 1024 * 1024 * 1024);
        }
        assertEquals("larger than 64 KiB (3221225472 bytes)", refusal(file));
    }

    @Test
    void exactlyTheCapIsReadAndOneByteMoreIsRefused() throws Exception {
        byte[] full = new byte[CAP];
        Arrays.fill(full, (byte) 'x');
        Path atCap = Files.write(dir.resolve("at-cap"), full);
        assertArrayEquals(full, SafeFiles.readAll(atCap, CAP));

        Path over = Files.write(dir.resolve("over"), Arrays.copyOf(full, CAP + 1));
        assertEquals("larger than 64 KiB (65537 bytes)", refusal(over));
    }

    /**
     * The refusals a read may meet while a FIFO and a regular file are renamed over the path: a FIFO
     * seen by {@code lstat}, a FIFO seen by the first look and a regular file by the second (the kind's),
     * a file replaced between the check and the read, or a read that opened the FIFO and was abandoned
     * at its deadline. A vague "special file" is not among them.
     */
    private static final Set<String> SWAP_REFUSALS = Set.of("not a regular file (FIFO)", "was replaced while being opened",
            "was replaced while being read",
            "was not read within 300 ms; it may have been replaced by a FIFO or sit on a hung file system");

    @Test
    void aFileSwappedForAFifoAgainAndAgainNeverHangsARead() throws Exception {
        // A writer renames a FIFO and a regular file over the record in a loop, so some reads open
        // whatever is there between the type check and the open. Every read must end, with the
        // content or a reason; none may block waiting for a FIFO writer.
        Path file = dir.resolve("daemon.json");
        Path regular = dir.resolve("regular");
        Path fifo = dir.resolve("fifo");
        Files.writeString(file, "{}");
        AtomicBoolean swapping = new AtomicBoolean(true);
        Thread swapper = new Thread(() -> {
            for (int i = 0; swapping.get(); i++) {
                try {
                    if (i % 2 == 0) {
                        Sandbox.mkfifo(fifo);
                        Files.move(fifo, file, StandardCopyOption.REPLACE_EXISTING, StandardCopyOption.ATOMIC_MOVE);
                    } else {
                        Files.writeString(regular, "{}");
                        Files.move(regular, file, StandardCopyOption.REPLACE_EXISTING, StandardCopyOption.ATOMIC_MOVE);
                    }
                } catch (Exception e) {
                    throw new AssertionError(e);
                }
            }
        });
        swapper.setDaemon(true);
        swapper.start();
        try {
            assertTimeoutPreemptively(Duration.ofSeconds(120), () -> {
                for (int i = 0; i < 200; i++) {
                    try {
                        assertEquals("{}", new String(SafeFiles.readAll(file, CAP, Duration.ofMillis(300)), StandardCharsets.UTF_8));
                    } catch (UnsafeFileException e) {
                        // Which of these a read meets depends on where the swap falls; each is the one
                        // right refusal for its moment, and nothing else (a blank or raw reason) is.
                        assertTrue(SWAP_REFUSALS.contains(e.getMessage()), "a refusal for a swap, not " + e.getMessage());
                    } catch (NoSuchFileException e) {
                        throw new AssertionError("a rename replaces the file atomically; it is never missing", e);
                    }
                }
            });
        } finally {
            swapping.set(false);
            swapper.join(30_000);
        }
    }

    @Test
    void theTailOfALogIsAtMostTheLimitAndStartsAfterTheOffset() throws Exception {
        Path log = Files.writeString(dir.resolve("control.log"), "0123456789");
        SafeFiles.Tail tail = SafeFiles.readTail(log, 2, 4);
        assertEquals("6789", new String(tail.bytes(), StandardCharsets.UTF_8));
        assertEquals(6, tail.start());
        assertEquals("3456789", new String(SafeFiles.readTail(log, 3, 100).bytes(), StandardCharsets.UTF_8));
        assertEquals("0123456789", new String(SafeFiles.readTail(log, 99, 100).bytes(), StandardCharsets.UTF_8),
                "an offset past the end (a truncated log) reads from the start");
        assertEquals(10, SafeFiles.size(log));
    }

    @Test
    void aLogThatIsAFifoOrALinkIsRefused() throws Exception {
        Path fifo = dir.resolve("control.log");
        Sandbox.mkfifo(fifo);
        assertTimeoutPreemptively(NEVER_HANGS, () -> assertEquals("not a regular file (FIFO)",
                assertThrows(UnsafeFileException.class, () -> SafeFiles.readTail(fifo, 0, 100)).getMessage()));
        Path link = Files.createSymbolicLink(dir.resolve("link.log"), Path.of("/dev/zero"));
        assertEquals("is a symbolic link", assertThrows(UnsafeFileException.class, () -> SafeFiles.size(link)).getMessage());
    }

    @Test
    void aLockFileIsCreatedPrivatelyAndReopened() throws Exception {
        Path lock = dir.resolve("x.lock");
        var mode = PosixFilePermissions.asFileAttribute(PosixFilePermissions.fromString("rw-------"));
        try (FileChannel ch = SafeFiles.openLockFile(lock, mode)) {
            assertTrue(ch.isOpen());
        }
        assertEquals("rw-------", PosixFilePermissions.toString(Files.getPosixFilePermissions(lock)));
        try (FileChannel ch = SafeFiles.openLockFile(lock, mode)) {
            assertTrue(ch.isOpen());
        }
    }

    @Test
    void aLockFileThatIsAFifoOrALinkIsRefusedAndNothingIsCreatedThroughTheLink() throws Exception {
        var mode = PosixFilePermissions.asFileAttribute(PosixFilePermissions.fromString("rw-------"));
        Path fifo = dir.resolve("fifo.lock");
        Sandbox.mkfifo(fifo);
        assertTimeoutPreemptively(NEVER_HANGS, () -> assertEquals("not a regular file (FIFO)",
                assertThrows(UnsafeFileException.class, () -> SafeFiles.openLockFile(fifo, mode)).getMessage()));

        Path target = dir.resolve("elsewhere");
        Path link = Files.createSymbolicLink(dir.resolve("link.lock"), target);
        assertThrows(IOException.class, () -> SafeFiles.openLockFile(link, mode));
        assertFalse(Files.exists(target, LinkOption.NOFOLLOW_LINKS), "nothing was created through the link");
    }

    /**
     * The open itself follows no link ({@code O_NOFOLLOW}), not only the check before it: another process swaps the
     * record and a link to a secret file, atomically and as fast as it can ({@code renameat2(RENAME_EXCHANGE)}, so the
     * record's own inode is back by the re-check after the read). Read after read, the secret never comes back.
     */
    @Test
    void aLinkSwappedInBetweenTheCheckAndTheOpenIsNeverFollowed() throws Exception {
        Path record = Files.writeString(dir.resolve("daemon.json"), "{\"pid\": 7}\n");
        Path secret = Files.writeString(dir.resolve("secret"), "SECRET\n");
        Path stop = dir.resolve("stop");
        Path ready = dir.resolve("ready");
        Process swapper = new ProcessBuilder("/usr/bin/python3", "-c", String.join("\n",
                "import ctypes, os, sys",
                "libc = ctypes.CDLL(None, use_errno=True)",
                "os.chdir(sys.argv[1])",
                "os.symlink(sys.argv[2], 'link')",
                "open(sys.argv[4], 'w').close()",
                "n = 0",
                "while n % 1000 or not os.path.exists(sys.argv[3]):",
                "    libc.renameat2(-100, b'daemon.json', -100, b'link', 2)",
                "    n += 1"), dir.toString(), secret.toString(), stop.toString(), ready.toString())
                .redirectErrorStream(true).redirectOutput(dir.resolve("swapper.log").toFile()).start();
        try {
            long deadline = System.nanoTime() + NEVER_HANGS.toNanos();
            while (!Files.exists(ready) && System.nanoTime() < deadline) {
                Thread.sleep(10);
            }
            assertTrue(Files.exists(ready), "the swapper runs: " + Files.readString(dir.resolve("swapper.log")));
            int read = 0;
            for (int i = 0; i < 20_000; i++) {
                try {
                    byte[] bytes = SafeFiles.readAll(record, CAP);
                    assertEquals("{\"pid\": 7}\n", new String(bytes, StandardCharsets.UTF_8), "only the record itself is ever read");
                    read++;
                } catch (UnsafeFileException | NoSuchFileException e) {
                    // the link (or nothing) stood there: refused, as it must be
                }
            }
            assertTrue(read > 0, "some reads met the record itself");
        } finally {
            Files.writeString(stop, "");
            if (!swapper.waitFor(60, TimeUnit.SECONDS)) {
                swapper.destroyForcibly();
            }
        }
    }
}
