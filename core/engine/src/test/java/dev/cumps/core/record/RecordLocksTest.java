package dev.cumps.core.record;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;

import dev.cumps.core.fs.FsText;
import dev.cumps.core.gpu.GpuText;
import dev.cumps.core.message.CumpsException;
import dev.cumps.core.message.Message;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.Path;
import java.time.Duration;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class RecordLocksTest {
    @TempDir
    Path root;

    private RecordLocks locks() {
        return new RecordLocks(new RecordDirectories(root));
    }

    @Test
    void aSecondHolderOfANameIsToldWhoIsBusyAndGetsItAfterRelease() {
        RecordLocks locks = locks();
        try (RecordStore.NameLock held = locks.lock("train")) {
            CumpsException busy = assertThrows(CumpsException.class, () -> locks.lock("train"));
            assertEquals(Message.of(RecordText.NAME_BUSY, "train"), busy.text());
            assertEquals("another cumps is starting or stopping 'train' right now; wait for it to finish and try again",
                    busy.getMessage());
        }
        try (RecordStore.NameLock again = locks.lock("train")) {
            assertEquals("train", again.name());
        }
    }

    @Test
    void aBusyResourceFailsWithTheCallersMessage() {
        RecordLocks locks = locks();
        Message busy = Message.of(GpuText.NO_GPUS);
        try (RecordStore.NameLock held = locks.lockResource("gpu", "GPU-x", Duration.ZERO, busy)) {
            CumpsException e = assertThrows(CumpsException.class, () -> locks.lockResource("gpu", "GPU-x", Duration.ZERO, busy));
            assertEquals(busy, e.text());
        }
    }

    @Test
    void aLockFileThatIsALinkIsRefusedAsALinkAndNothingIsCreatedThroughIt() throws Exception {
        Path lockDir = Files.createDirectories(root.resolve(RecordStore.LOCK_DIR));
        Path target = root.resolve("target");
        Path lockFile = Files.createSymbolicLink(lockDir.resolve("linked.lock"), target);

        CumpsException e = assertThrows(CumpsException.class, () -> locks().lock("linked"));

        Message text = e.text();
        assertEquals(RecordText.CANNOT_LOCK, text.id());
        assertEquals(Message.of(FsText.IS_SYMBOLIC_LINK), text.args().get(1));
        assertEquals("cannot lock " + lockFile + ": is a symbolic link; remove it if nothing is starting or stopping 'linked'",
                e.getMessage());
        assertFalse(Files.exists(target, LinkOption.NOFOLLOW_LINKS));
    }

    @Test
    void plainTextBusyMessagesOfOlderCallersAreShownUnchanged() {
        RecordStore store = new RecordStore(root, 1000, "node1", RecordStoreTest.CLOCK);
        try (RecordStore.NameLock held = store.lockResource("pipe", "/tmp/p", Duration.ZERO, "pipe busy")) {
            CumpsException e = assertThrows(CumpsException.class,
                    () -> store.lockResource("pipe", "/tmp/p", Duration.ZERO, "pipe busy"));
            assertEquals("pipe busy", e.getMessage());
            assertEquals(RecordText.RESOURCE_BUSY, e.text().id());
        }
    }
}
