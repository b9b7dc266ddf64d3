package dev.cumps.core.record;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.cumps.core.message.CumpsException;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.List;
import java.util.function.Consumer;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A records folder is used only when it passes the trust rule: {@code --records DIR} of another user, one
 * others can write, a link, or one under a folder others can change is refused in one line for every
 * use (list, lookup, write, lock); nothing is read from it and nothing is created there. Records and
 * record folders that others can write are unreadable, with the reason.
 */
class RecordRootTrustTest {
    private static final int UID = 1000;

    @TempDir
    Path base;

    @BeforeEach
    void privateBase() throws IOException {
        Files.setPosixFilePermissions(base, PosixFilePermissions.fromString("rwx------"));
    }

    private static RecordStore store(Path root) {
        return new RecordStore(root, UID, "node1", RecordStoreTest.CLOCK);
    }

    /** A record of the caller there, as an attacker would plant it. */
    private static void planted(Path root) throws IOException {
        Path dir = Files.createDirectories(root.resolve("train"));
        Files.writeString(dir.resolve(RecordStore.RECORD_FILE), RecordCodec.encode(RecordStoreTest.record("train", UID, "node1")));
    }

    private static void refusedEverywhere(Path root, String reason) {
        List<Consumer<RecordStore>> uses = List.of(RecordStore::list, s -> s.lookup("train"),
                s -> s.write(RecordStoreTest.record("other", UID, "node1")), s -> s.locks().lock("other").close());
        for (Consumer<RecordStore> use : uses) {
            CumpsException e = assertThrows(CumpsException.class, () -> use.accept(store(root)));
            assertEquals(RecordMessages.ROOT_UNTRUSTED, e.errorMessage().id(), e.getMessage());
            assertTrue(e.getMessage().startsWith("the records folder " + root + " is not used: " + reason + ". cumps keeps"), e.getMessage());
        }
        assertFalse(Files.exists(root.resolve("other"), LinkOption.NOFOLLOW_LINKS), "no record written there");
    }

    @Test
    void aFolderOfAnotherUserIsRefusedThoughItsRecordClaimsTheCaller() throws IOException {
        Path root = Files.createDirectory(base.resolve("theirs"));
        planted(root);
        Files.setAttribute(root, "unix:uid", 65534);
        refusedEverywhere(root, root + " belongs to uid 65534, neither you (uid 1000) nor root");
    }

    @Test
    void aFolderOthersCanWriteIsRefused() throws IOException {
        Path root = Files.createDirectory(base.resolve("open"));
        planted(root);
        Files.setPosixFilePermissions(root, PosixFilePermissions.fromString("rwxrwxr-x"));
        refusedEverywhere(root, root + " can be written by group or others (mode 0775)");
    }

    @Test
    void aLinkedFolderIsRefused() throws IOException {
        Path real = Files.createDirectory(base.resolve("real"));
        planted(real);
        Path root = Files.createSymbolicLink(base.resolve("link"), real);
        refusedEverywhere(root, root + " is a symbolic link");
    }

    @Test
    void aMissingFolderUnderAFolderOthersCanWriteIsNeitherCreatedNorUsed() throws IOException {
        Path open = Files.createDirectory(base.resolve("shared"));
        Files.setPosixFilePermissions(open, PosixFilePermissions.fromString("rwxrwxrwx"));
        Path root = open.resolve("records");
        refusedEverywhere(root, root + " lies in " + open + ", which group or others can write (mode 0777) and which is not sticky");
        assertFalse(Files.exists(root, LinkOption.NOFOLLOW_LINKS));
    }

    @Test
    void aGoodFolderIsCreatedPrivateUnderFoldersThatPass() {
        Path root = base.resolve("a").resolve("records");
        store(root).write(RecordStoreTest.record("train", UID, "node1"));
        assertEquals(List.of("train"), store(root).list().records().stream().map(DaemonRecord::name).toList());
    }

    @Test
    void aRecordOrRecordFolderOthersCanWriteIsUnreadableWithTheReason() throws IOException {
        Path root = base.resolve("records");
        store(root).write(RecordStoreTest.record("train", UID, "node1"));
        store(root).write(RecordStoreTest.record("eval", UID, "node1"));
        Path file = root.resolve("train").resolve(RecordStore.RECORD_FILE);
        Files.setPosixFilePermissions(file, PosixFilePermissions.fromString("rw-rw-rw-"));
        Files.setPosixFilePermissions(root.resolve("eval"), PosixFilePermissions.fromString("rwxrwxrwx"));

        RecordLookup train = store(root).lookup("train");
        RecordLookup eval = store(root).lookup("eval");

        assertEquals(file + " can be written by group or others (mode 0666)",
                assertInstanceOf(RecordLookup.Unreadable.class, train).record().reason());
        assertEquals("directory " + root.resolve("eval") + " can be written by group or others (mode 0777)",
                assertInstanceOf(RecordLookup.Unreadable.class, eval).record().reason());
        assertEquals(List.of(), store(root).list().records());
        assertEquals(2, store(root).list().unreadable().size());
    }

    @Test
    void aRecordOfAnotherUserInTheCallersFolderIsUnreadable() throws IOException {
        Path root = base.resolve("records");
        store(root).write(RecordStoreTest.record("train", UID, "node1"));
        Path file = root.resolve("train").resolve(RecordStore.RECORD_FILE);
        Files.setAttribute(file, "unix:uid", 65534);
        assertEquals(file + " belongs to uid 65534, neither you (uid 1000) nor root",
                assertInstanceOf(RecordLookup.Unreadable.class, store(root).lookup("train")).record().reason());
    }
}
