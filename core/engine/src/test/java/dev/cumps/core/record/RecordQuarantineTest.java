package dev.cumps.core.record;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.cumps.core.message.CumpsException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** {@link RecordStore#quarantine}: moved aside, kept, never through a link. */
class RecordQuarantineTest {
    @TempDir
    Path root;

    private RecordStore store() {
        return new RecordStore(root, 1000, "node1", RecordStoreTest.CLOCK);
    }

    private void writeRecord(String name) throws Exception {
        Files.createDirectories(root.resolve(name));
        Files.writeString(root.resolve(name).resolve(RecordStore.RECORD_FILE), "{ broken");
    }

    @Test
    void movesTheDirectoryAsideAndNeverOverwritesAnEarlierOne() throws Exception {
        writeRecord("old");
        Path first = store().quarantine("old");
        writeRecord("old");
        Path second = store().quarantine("old");

        long millis = RecordStoreTest.CLOCK.millis();
        assertEquals(root.resolve(".stale/old-" + millis), first);
        assertEquals(root.resolve(".stale/old-" + millis + "-1"), second);
        assertEquals("{ broken", Files.readString(first.resolve(RecordStore.RECORD_FILE)), "kept for the user to read");
        assertTrue(Files.exists(second.resolve(RecordStore.RECORD_FILE)));
        assertFalse(Files.exists(root.resolve("old")));
    }

    @Test
    void aLinkedStaleDirectoryIsRefusedWithTheReasonAndTheRecordStays(@TempDir Path elsewhere) throws Exception {
        writeRecord("old");
        Path stale = Files.createSymbolicLink(root.resolve(RecordStore.STALE_DIR), elsewhere);

        CumpsException e = assertThrows(CumpsException.class, () -> store().quarantine("old"));

        assertEquals(RecordMessages.CANNOT_QUARANTINE, e.errorMessage().id());
        assertTrue(e.getMessage().endsWith(": directory " + stale + " is a symbolic link; remove or move it and try again"),
                e.getMessage());
        assertTrue(Files.exists(root.resolve("old/daemon.json")));
        try (var s = Files.list(elsewhere)) {
            assertEquals(List.of(), s.toList());
        }
    }
}
