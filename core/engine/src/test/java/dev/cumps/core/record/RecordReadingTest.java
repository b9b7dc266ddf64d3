package dev.cumps.core.record;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;

import dev.cumps.core.fs.FsMessages;
import dev.cumps.core.json.JsonMessages;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** {@link RecordStore#list()} and {@link RecordStore#lookup}: what cannot be read is reported with its reason. */
class RecordReadingTest {
    @TempDir
    Path root;

    private RecordStore store() {
        return new RecordStore(root, 1000, "node1", RecordStoreTest.CLOCK);
    }

    private Path write(String dir, String content) throws Exception {
        Files.createDirectories(root.resolve(dir));
        return Files.writeString(root.resolve(dir).resolve(RecordStore.RECORD_FILE), content);
    }

    private UnreadableRecord unreadable(String name) {
        RecordLookup lookup = store().lookup(name);
        return assertInstanceOf(RecordLookup.Unreadable.class, lookup).record();
    }

    @Test
    void eachUnreadableRecordCarriesAReasonKeyAndItsEnglish() throws Exception {
        write("copied", RecordCodec.encode(RecordStoreTest.record("real", 1000, "node1")));
        write("nofield", "{}");
        write("notjson", "{ nope");
        Path target = write("target", "{}");
        Files.createDirectories(root.resolve("linked"));
        Files.createSymbolicLink(root.resolve("linked").resolve(RecordStore.RECORD_FILE), target);

        UnreadableRecord copied = unreadable("copied");
        UnreadableRecord nofield = unreadable("nofield");
        UnreadableRecord notjson = unreadable("notjson");
        UnreadableRecord linked = unreadable("linked");

        assertEquals(RecordMessages.NAME_MISMATCH, copied.reasonMessage().id());
        assertEquals("record names daemon 'real' but lives in directory 'copied'", copied.reason());
        assertEquals(RecordMessages.FIELD_MISSING, nofield.reasonMessage().id());
        assertEquals("field gpu_uuids is missing", nofield.reason());
        assertEquals(JsonMessages.INVALID, notjson.reasonMessage().id());
        assertEquals(FsMessages.IS_SYMBOLIC_LINK, linked.reasonMessage().id());
        assertEquals("is a symbolic link", linked.reason());
        assertEquals(RecordMessages.STATE_UNREADABLE, linked.stateMessage().id());
    }

    @Test
    void aDirectoryWhoseNameNoDaemonCanHaveIsListedAsUnreadableBesideTheGoodOnes() throws Exception {
        write("Old_Backup", "{}");
        write("good", RecordCodec.encode(RecordStoreTest.record("good", 1000, "node1")));

        RecordListing listing = store().list();

        assertEquals(List.of("good"), listing.records().stream().map(DaemonRecord::name).toList());
        UnreadableRecord bad = listing.unreadable().get(0);
        assertEquals(RecordMessages.DIRECTORY_NAME_INVALID, bad.reasonMessage().id());
        assertEquals("directory name 'Old_Backup' is not a valid daemon name; neither cumps nor uni-cumps wrote it", bad.reason());
    }

    @Test
    void aRecordOfAnotherUserIsForeignWithItsOwnerNamed() throws Exception {
        write("theirs", RecordCodec.encode(RecordStoreTest.record("theirs", -2, "node1")));

        RecordLookup lookup = store().lookup("theirs");

        RecordLookup.Foreign foreign = assertInstanceOf(RecordLookup.Foreign.class, lookup);
        assertEquals("uid 4294967294 on host node1", foreign.owner());
        assertEquals(RecordMessages.OWNER, foreign.ownerMessage().id());
        assertEquals(RecordMessages.STATE_FOREIGN, foreign.stateMessage().id());
    }
}
