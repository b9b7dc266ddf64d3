package dev.cumps.core.record;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;

import dev.cumps.core.fs.FsMessages;
import dev.cumps.core.gpu.GpuMessages;
import dev.cumps.core.message.CumpsException;
import dev.cumps.core.message.Message;
import dev.cumps.core.testing.Sandbox;
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
        return new RecordLocks(new RecordDirectories(root, Sandbox.currentUid()));
    }

    @Test
    void aSecondHolderOfANameIsToldWhoIsBusyAndGetsItAfterRelease() {
        RecordLocks locks = locks();
        try (NameLock held = locks.lock("train")) {
            CumpsException busy = assertThrows(CumpsException.class, () -> locks.lock("train"));
            assertEquals(Message.of(RecordMessages.NAME_BUSY, "train"), busy.errorMessage());
            assertEquals("another cumps is starting or stopping 'train' right now; wait for it to finish and try again",
                    busy.getMessage());
        }
        try (NameLock again = locks.lock("train")) {
            assertEquals("train", again.name());
        }
    }

    @Test
    void aBusyResourceFailsWithTheCallersMessage() {
        RecordLocks locks = locks();
        Message busy = Message.of(GpuMessages.NO_GPUS);
        try (NameLock held = locks.lockResource("gpu", "GPU-x", Duration.ZERO, busy)) {
            CumpsException e = assertThrows(CumpsException.class, () -> locks.lockResource("gpu", "GPU-x", Duration.ZERO, busy));
            assertEquals(busy, e.errorMessage());
        }
    }

    @Test
    void aLockFileThatIsALinkIsRefusedAsALinkAndNothingIsCreatedThroughIt() throws Exception {
        Path lockDir = Files.createDirectories(root.resolve(RecordLocks.LOCK_DIR));
        Path target = root.resolve("target");
        Path lockFile = Files.createSymbolicLink(lockDir.resolve("linked.lock"), target);

        CumpsException e = assertThrows(CumpsException.class, () -> locks().lock("linked"));

        Message text = e.errorMessage();
        assertEquals(RecordMessages.CANNOT_LOCK, text.id());
        assertEquals(Message.of(FsMessages.IS_SYMBOLIC_LINK), text.args().get(1));
        assertEquals("cannot lock " + lockFile + ": is a symbolic link; remove it if nothing is starting or stopping 'linked'",
                e.getMessage());
        assertFalse(Files.exists(target, LinkOption.NOFOLLOW_LINKS));
    }
}
