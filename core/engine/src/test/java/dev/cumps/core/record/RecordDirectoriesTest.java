package dev.cumps.core.record;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.cumps.core.fs.SafeFiles;
import dev.cumps.core.message.Message;
import dev.cumps.core.testing.Sandbox;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.List;
import java.util.Objects;
import java.util.Optional;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class RecordDirectoriesTest {
    @TempDir
    Path root;

    @Test
    void createsAMissingDirectoryPrivateAndAcceptsIt() throws Exception {
        RecordDirectories dirs = new RecordDirectories(root, Sandbox.currentUid());
        Path dir = root.resolve("train");

        dirs.privateDirectory(dir);

        assertEquals("rwx------", PosixFilePermissions.toString(Files.getPosixFilePermissions(dir)));
        assertEquals(Optional.empty(), dirs.problem(dir));
    }

    @Test
    void refusesALinkWithTheReasonAndCreatesNothingThroughIt(@TempDir Path elsewhere) throws Exception {
        Path link = Files.createSymbolicLink(root.resolve("train"), elsewhere);
        RecordDirectories dirs = new RecordDirectories(root, Sandbox.currentUid());

        Message problem = dirs.problem(link).orElseThrow();
        SafeFiles.UnsafeFileException refused = assertThrows(SafeFiles.UnsafeFileException.class,
                () -> dirs.privateDirectory(link));

        assertEquals(RecordMessages.DIRECTORY_IS_LINK, problem.id());
        assertEquals("directory " + link + " is a symbolic link", problem.english());
        assertEquals(RecordMessages.UNSAFE_DIRECTORY, refused.reason().id());
        try (var s = Files.list(elsewhere)) {
            assertEquals(List.of(), s.toList(), "nothing was created through the link");
        }
    }

    @Test
    void aFileWhereADirectoryBelongsIsNotADirectory() throws Exception {
        Path file = Files.writeString(root.resolve("train"), "x");

        Message problem = new RecordDirectories(root, Sandbox.currentUid()).problem(file).orElseThrow();

        assertEquals(RecordMessages.NOT_A_DIRECTORY, problem.id());
        assertEquals(file + " is not a directory", problem.english());
    }

    @Test
    void aDirectoryOfAnotherUserIsRefusedAndNamesBothOwners() throws Exception {
        assertTrue(Objects.equals(Files.getAttribute(root, "unix:uid"), 0), "needs root to chown: run the tests as root (CI does; a root-only check fails, never skips)");
        Path theirs = Files.createDirectory(root.resolve("theirs"));
        Files.setAttribute(theirs, "unix:uid", 65534);
        RecordDirectories dirs = new RecordDirectories(root, Sandbox.currentUid());

        Message problem = dirs.problem(theirs).orElseThrow();
        SafeFiles.UnsafeFileException refused = assertThrows(SafeFiles.UnsafeFileException.class, () -> dirs.privateDirectory(theirs));

        assertEquals(RecordMessages.DIRECTORY_FOREIGN_OWNER, problem.id());
        assertEquals("directory " + theirs + " is owned by uid 65534, not by uid 0 who owns " + root, problem.english());
        assertEquals(problem.english() + "; remove or move it and try again", refused.getMessage());
        assertFalse(Files.exists(theirs.resolve("daemon.json"), LinkOption.NOFOLLOW_LINKS));
        assertTrue(Files.isDirectory(theirs));
    }
}
