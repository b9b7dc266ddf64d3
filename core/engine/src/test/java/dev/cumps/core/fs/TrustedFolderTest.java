package dev.cumps.core.fs;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTimeoutPreemptively;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.cumps.core.testing.Sandbox;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.time.Duration;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import java.util.stream.Stream;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A folder opened once and read relative to the open folder: a folder swapped in at the same path
 * afterwards is never read, and files in it follow the rule (regular, no link, ours or root's, written
 * by no one else, capped, never blocking on a FIFO).
 */
class TrustedFolderTest {
    private static final Duration DEADLINE = Duration.ofSeconds(5);
    private static final Duration NEVER_HANGS = Duration.ofSeconds(30);

    @TempDir
    Path base;
    int uid;
    Path folder;

    @BeforeEach
    void privateFolder() throws IOException {
        uid = (Integer) Files.getAttribute(Path.of("/proc/self"), "unix:uid");
        Files.setPosixFilePermissions(base, PosixFilePermissions.fromString("rwx------"));
        folder = Files.createDirectory(base.resolve("cfg"), PosixFilePermissions.asFileAttribute(PosixFilePermissions.fromString("rwx------")));
    }

    private String read(String name) throws IOException {
        try (TrustedFolder f = TrustedFolder.open(folder, uid).orElseThrow()) {
            return new String(f.read(name, 64, DEADLINE), StandardCharsets.UTF_8);
        }
    }

    private String refusal(String name) {
        return assertTimeoutPreemptively(NEVER_HANGS, () -> assertThrows(SafeFiles.UnsafeFileException.class, () -> read(name)).getMessage());
    }

    @Test
    void readsAFileOfTheCaller() throws IOException {
        Files.writeString(folder.resolve("hosts"), "gpu1\n");
        assertEquals("gpu1\n", read("hosts"));
        assertThrows(NoSuchFileException.class, () -> read("absent"));
        assertEquals(Optional.empty(), TrustedFolder.open(base.resolve("absent"), uid));
    }

    @Test
    void theFolderSwappedAfterItWasOpenedIsNeverRead() throws IOException {
        Files.writeString(folder.resolve("hosts"), "mine\n");
        try (TrustedFolder open = TrustedFolder.open(folder, uid).orElseThrow()) {
            Files.move(folder, base.resolve("moved-away"));
            Path planted = Files.createDirectory(folder);
            Files.writeString(planted.resolve("hosts"), "planted\n");
            assertEquals("mine\n", new String(open.read("hosts", 64, DEADLINE), StandardCharsets.UTF_8));
        }
    }

    @Test
    void aFolderThatFailsTheRuleIsNotOpened() throws IOException {
        Files.setPosixFilePermissions(folder, PosixFilePermissions.fromString("rwxrwxrwx"));
        SafeFiles.UnsafeFileException e = assertThrows(SafeFiles.UnsafeFileException.class, () -> TrustedFolder.open(folder, uid));
        assertEquals(folder + " can be written by group or others (mode 0777)", e.getMessage());
        Path link = Files.createSymbolicLink(base.resolve("link"), base);
        assertEquals(link + " is a symbolic link",
                assertThrows(SafeFiles.UnsafeFileException.class, () -> TrustedFolder.open(link, uid)).getMessage());
    }

    @Test
    void filesThatFailTheRuleAreRefusedWithTheReason() throws IOException {
        Path target = Files.writeString(base.resolve("elsewhere"), "x");
        Files.createSymbolicLink(folder.resolve("link"), target);
        assertEquals("is a symbolic link", refusal("link"));

        Sandbox.mkfifo(folder.resolve("fifo"));
        assertEquals("not a regular file (special file)", refusal("fifo"));

        Files.createDirectory(folder.resolve("dir"));
        assertEquals("not a regular file (directory)", refusal("dir"));

        Path theirs = Files.writeString(folder.resolve("theirs"), "x");
        Files.setAttribute(theirs, "unix:uid", 65534);
        String named = refusal("theirs");
        assertTrue(named.startsWith(theirs + " belongs to ") && named.endsWith(", neither you nor root"), named);

        Path writable = Files.writeString(folder.resolve("writable"), "x");
        Files.setPosixFilePermissions(writable, PosixFilePermissions.fromString("rw-rw-rw-"));
        assertEquals(writable + " can be written by group or others (mode rw-rw-rw-)", refusal("writable"));

        Files.writeString(folder.resolve("big"), "x".repeat(65));
        assertEquals("larger than 64 bytes (65 bytes)", refusal("big"));
    }

    @Test
    void aNameIsOneComponent() throws IOException {
        try (TrustedFolder f = TrustedFolder.open(folder, uid).orElseThrow()) {
            for (String bad : List.of("", ".", "..", "a/b", "../cfg")) {
                assertThrows(IllegalArgumentException.class, () -> f.read(bad, 64, DEADLINE), bad);
            }
        }
    }

    @Test
    void replaceWritesThroughTheOpenFolderWithTheModeAskedForAndLeavesNoTemporaryFile() throws IOException {
        Files.writeString(folder.resolve("hosts"), "old\n");
        try (TrustedFolder f = TrustedFolder.open(folder, uid).orElseThrow()) {
            f.replace("hosts", "new\n".getBytes(StandardCharsets.UTF_8), PosixFilePermissions.fromString("rw-------"));
        }
        assertEquals("new\n", Files.readString(folder.resolve("hosts")));
        assertEquals("rw-------", PosixFilePermissions.toString(Files.getPosixFilePermissions(folder.resolve("hosts"))));
        try (Stream<Path> files = Files.list(folder)) {
            assertEquals(Set.of(folder.resolve("hosts")), Set.copyOf(files.toList()));
        }
    }

    @Test
    void openOrCreateMakesAPrivateFolderOnlyUnderFoldersThatPass() throws IOException {
        Path created = base.resolve("new");
        try (TrustedFolder f = TrustedFolder.openOrCreate(created, uid)) {
            assertEquals(created, f.path());
        }
        assertEquals("rwx------", PosixFilePermissions.toString(Files.getPosixFilePermissions(created)));

        Path open = Files.createDirectory(base.resolve("open"));
        Files.setPosixFilePermissions(open, PosixFilePermissions.fromString("rwxrwxrwx"));
        SafeFiles.UnsafeFileException e = assertThrows(SafeFiles.UnsafeFileException.class,
                () -> TrustedFolder.openOrCreate(open.resolve("new"), uid));
        assertTrue(e.getMessage().contains("which group or others can write"), e.getMessage());
        assertEquals(false, Files.exists(open.resolve("new")));
    }

    @Test
    void aFileOfExactlyTheLimitIsReadAndOneByteMoreIsRefused() throws IOException {
        Files.writeString(folder.resolve("exact"), "x".repeat(64));
        Files.writeString(folder.resolve("over"), "x".repeat(65));
        assertEquals("x".repeat(64), read("exact"));
        assertEquals("larger than 64 bytes (65 bytes)", refusal("over"));
    }

    @Test
    void aClosedFolderReadsNothingMore() throws IOException {
        Files.writeString(folder.resolve("hosts"), "gpu1\n");
        TrustedFolder f = TrustedFolder.open(folder, uid).orElseThrow();
        f.close();
        assertThrows(IllegalStateException.class, () -> f.read("hosts", 64, DEADLINE), "the open folder is closed");
        f.close(); // twice is harmless
    }

    @Test
    void aReplaceThatCannotTakeThePlaceLeavesNoTemporaryFile() throws IOException {
        Path taken = Files.createDirectory(folder.resolve("hosts"));
        Files.writeString(taken.resolve("inside"), "x");
        try (TrustedFolder f = TrustedFolder.open(folder, uid).orElseThrow()) {
            assertThrows(IOException.class, () -> f.replace("hosts", "new\n".getBytes(StandardCharsets.UTF_8),
                    PosixFilePermissions.fromString("rw-------")));
        }
        try (Stream<Path> files = Files.list(folder)) {
            assertEquals(Set.of(taken), Set.copyOf(files.toList()), "the temporary file was removed");
        }
    }

    @Test
    void replaceGivesTheModeAskedForWhateverTheUmaskLeft() throws IOException {
        try (TrustedFolder f = TrustedFolder.open(folder, uid).orElseThrow()) {
            f.replace("wide", "x".getBytes(StandardCharsets.UTF_8), PosixFilePermissions.fromString("rw-rw-r--"));
        }
        assertEquals("rw-rw-r--", PosixFilePermissions.toString(Files.getPosixFilePermissions(folder.resolve("wide"))),
                "group write asked for is given, though the umask (022) removes it at creation");
    }
}
