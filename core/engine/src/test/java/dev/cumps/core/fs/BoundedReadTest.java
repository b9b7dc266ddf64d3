package dev.cumps.core.fs;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import dev.cumps.core.message.Message;
import java.io.IOException;
import java.nio.file.FileSystemException;
import java.time.Duration;
import java.util.concurrent.CountDownLatch;
import org.junit.jupiter.api.Test;

class BoundedReadTest {
    @Test
    void aReadThatNeverFinishesIsGivenUpWithTheReason() {
        CountDownLatch never = new CountDownLatch(1);
        SafeFiles.UnsafeFileException e = assertThrows(SafeFiles.UnsafeFileException.class,
                () -> BoundedRead.within(Duration.ofMillis(200), () -> {
                    try {
                        never.await();
                    } catch (InterruptedException cancelled) {
                        Thread.currentThread().interrupt();
                    }
                    return "read";
                }));
        assertEquals(Message.of(FsText.NOT_READ_IN_TIME, "200 ms"), e.reason());
        assertEquals("was not read within 200 ms; it may have been replaced by a FIFO or sit on a hung file system", e.getMessage());
        never.countDown();
    }

    @Test
    void aLinkMetByTheNoFollowOpenIsReportedAsALink() {
        SafeFiles.UnsafeFileException e = assertThrows(SafeFiles.UnsafeFileException.class,
                () -> BoundedRead.within(Duration.ofSeconds(60), () -> {
                    throw new FileSystemException("/x", null, "Too many levels of symbolic links");
                }));
        assertEquals(Message.of(FsText.IS_SYMBOLIC_LINK), e.reason());
    }

    @Test
    void otherFailuresAndResultsPassThrough() throws IOException {
        assertEquals("read", BoundedRead.within(Duration.ofSeconds(60), () -> "read"));
        IOException e = assertThrows(IOException.class, () -> BoundedRead.within(Duration.ofSeconds(60), () -> {
            throw new IOException("disk on fire");
        }));
        assertEquals("disk on fire", e.getMessage());
        assertEquals("disk on fire", SafeFiles.reasonOf(e));
    }
}
