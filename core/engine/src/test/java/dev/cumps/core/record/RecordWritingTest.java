package dev.cumps.core.record;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.cumps.core.message.CumpsException;
import dev.cumps.core.message.Message;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** {@link RecordStore#write} and {@link RecordStore#remove}: never overwritten, never through a link. */
class RecordWritingTest {
    @TempDir
    Path root;

    private RecordStore store() {
        return new RecordStore(root, 1000, "node1", RecordStoreTest.CLOCK);
    }

    @Test
    void refusesToOverwriteAndSaysSoWithAKeyTheWindowTranslates() throws Exception {
        store().write(RecordStoreTest.record("train", 1000, "node1"));
        Path file = root.resolve("train/daemon.json");
        String before = Files.readString(file);

        CumpsException e = assertThrows(CumpsException.class, () -> store().write(RecordStoreTest.record("train", 1000, "other")));

        Message text = e.errorMessage();
        assertEquals(RecordMessages.ALREADY_EXISTS, text.id());
        assertEquals("a record for 'train' already exists at " + file + "; it was not overwritten", e.getMessage());
        assertEquals(before, Files.readString(file), "the record on disk is unchanged");
    }

    @Test
    void aWriteThroughALinkedDirectoryNamesTheLinkAsTheReason(@TempDir Path elsewhere) throws Exception {
        Path link = Files.createSymbolicLink(root.resolve("evil"), elsewhere);

        CumpsException e = assertThrows(CumpsException.class, () -> store().write(RecordStoreTest.record("evil", 1000, "node1")));

        Message text = e.errorMessage();
        assertEquals(RecordMessages.CANNOT_WRITE, text.id());
        Message reason = (Message) text.args().get(1);
        assertEquals(RecordMessages.UNSAFE_DIRECTORY, reason.id());
        assertEquals("cannot write record " + link.resolve("daemon.json") + ": directory " + link
                + " is a symbolic link; remove or move it and try again", e.getMessage());
        try (var s = Files.list(elsewhere)) {
            assertEquals(List.of(), s.toList());
        }
    }

    @Test
    void removeKeepsADirectoryThatHoldsSomethingElse() throws Exception {
        store().write(RecordStoreTest.record("train", 1000, "node1"));
        Path note = Files.writeString(root.resolve("train/NOTE"), "mine");

        store().remove("train");

        assertTrue(Files.exists(note), "the user's file is left alone");
        try (var s = Files.list(root.resolve("train"))) {
            assertEquals(List.of(note), s.toList());
        }
    }
}
