package dev.cumps.core.record;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.cumps.core.mps.MpsLimits;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.Path;
import java.util.List;
import java.util.OptionalInt;
import java.util.OptionalLong;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** {@link RecordStore#replace}: the record rewritten with new limits, atomically, never through a link. */
class RecordReplaceTest {
    @TempDir
    Path root;

    private RecordStore store() {
        return new RecordStore(root, 1000, "node1", RecordStoreTest.CLOCK);
    }

    private static final MpsLimits LIMITS = new MpsLimits(OptionalInt.of(40), OptionalLong.of(2048));

    @Test
    void replaceRewritesTheRecordWithItsLimitsAndLeavesNoTemporaryFile() throws Exception {
        DaemonRecord record = RecordStoreTest.record("train", 1000, "node1");
        store().write(record);

        store().replace(record.withLimits(LIMITS));

        String text = Files.readString(root.resolve("train/daemon.json"));
        assertEquals(RecordCodec.encode(record.withLimits(LIMITS)), text);
        assertTrue(text.contains("\"mps_active_thread_percentage\": 40,\n"), text);
        assertTrue(text.contains("\"mps_pinned_device_mem_limit\": \"2G\",\n"), text);
        try (var s = Files.list(root.resolve("train"))) {
            assertEquals(List.of(root.resolve("train/daemon.json")), s.toList());
        }
    }

    @Test
    void aLinkInTheRecordsPlaceIsReplacedNotWrittenThrough(@TempDir Path elsewhere) throws Exception {
        DaemonRecord record = RecordStoreTest.record("train", 1000, "node1");
        store().write(record);
        Path victim = Files.writeString(elsewhere.resolve("victim"), "untouched\n");
        Path file = root.resolve("train/daemon.json");
        Files.delete(file);
        Files.createSymbolicLink(file, victim);

        store().replace(record.withLimits(LIMITS));

        assertEquals("untouched\n", Files.readString(victim));
        assertFalse(Files.isSymbolicLink(file), "the link itself was replaced");
        assertTrue(Files.isRegularFile(file, LinkOption.NOFOLLOW_LINKS));
        assertEquals(RecordCodec.encode(record.withLimits(LIMITS)), Files.readString(file));
    }
}
