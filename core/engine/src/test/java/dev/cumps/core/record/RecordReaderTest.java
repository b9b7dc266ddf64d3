package dev.cumps.core.record;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;

import dev.cumps.core.fs.FsText;
import dev.cumps.core.json.JsonText;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class RecordReaderTest {
    @TempDir
    Path root;

    private RecordReader reader() {
        return new RecordReader(new RecordDirectories(root), 1000, "node1");
    }

    private Path write(String dir, String content) throws Exception {
        Files.createDirectories(root.resolve(dir));
        return Files.writeString(root.resolve(dir).resolve(RecordStore.RECORD_FILE), content);
    }

    private UnreadableRecord unreadable(String name) {
        RecordLookup lookup = reader().lookup(name, root.resolve(name).resolve(RecordStore.RECORD_FILE));
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

        assertEquals(RecordText.NAME_MISMATCH, copied.reasonText().id());
        assertEquals("record names daemon 'real' but lives in directory 'copied'", copied.reason());
        assertEquals(RecordText.FIELD_MISSING, nofield.reasonText().id());
        assertEquals("field gpu_uuids is missing", nofield.reason());
        assertEquals(JsonText.INVALID, notjson.reasonText().id());
        assertEquals(FsText.IS_SYMBOLIC_LINK, linked.reasonText().id());
        assertEquals("is a symbolic link", linked.reason());
        assertEquals(RecordText.STATE_UNREADABLE, linked.stateText().id());
    }

    @Test
    void aDirectoryWhoseNameNoDaemonCanHaveIsListedAsUnreadableBesideTheGoodOnes() throws Exception {
        write("Old_Backup", "{}");
        write("good", RecordCodec.encode(RecordStoreTest.record("good", 1000, "node1")));

        RecordListing listing = reader().list();

        assertEquals(List.of("good"), listing.records().stream().map(DaemonRecord::name).toList());
        UnreadableRecord bad = listing.unreadable().get(0);
        assertEquals(RecordText.DIRECTORY_NAME_INVALID, bad.reasonText().id());
        assertEquals("directory name 'Old_Backup' is not a valid daemon name; neither cumps nor uni-cumps wrote it", bad.reason());
    }

    @Test
    void aRecordOfAnotherUserIsForeignWithItsOwnerNamed() throws Exception {
        write("theirs", RecordCodec.encode(RecordStoreTest.record("theirs", -2, "node1")));

        RecordLookup lookup = reader().lookup("theirs", root.resolve("theirs").resolve(RecordStore.RECORD_FILE));

        RecordLookup.Foreign foreign = assertInstanceOf(RecordLookup.Foreign.class, lookup);
        assertEquals("uid 4294967294 on host node1", foreign.owner());
        assertEquals(RecordText.OWNER, foreign.ownerText().id());
        assertEquals(RecordText.STATE_FOREIGN, foreign.stateText().id());
    }
}
