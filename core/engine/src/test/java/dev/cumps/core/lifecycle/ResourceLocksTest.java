package dev.cumps.core.lifecycle;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import dev.cumps.core.message.CumpsException;
import dev.cumps.core.record.NameLock;
import dev.cumps.core.testing.Sandbox;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

class ResourceLocksTest {
    private final Sandbox sb = new Sandbox();

    @AfterEach
    void cleanUp() {
        sb.close();
    }

    @Test
    void canonicalResolvesLinksAndDotsAndKeepsTheMissingTail() throws IOException {
        Path real = Files.createDirectory(sb.dir.resolve("real"));
        Path link = Files.createSymbolicLink(sb.dir.resolve("link"), real);

        assertEquals(real.toRealPath().resolve("a/b"), ResourceLocks.canonical(link.resolve("x/../a/b")));
    }

    @Test
    void aPipeDirectoryLockedUnderAnotherSpellingIsBusyAndSaysWhichDirectory() throws IOException {
        Duration tiny = Duration.ofMillis(10);
        ResourceLocks locks = new ResourceLocks(Contexts.store(sb).locks(), new LifecycleTimeouts(tiny, tiny, tiny, tiny, tiny));
        Path real = Files.createDirectory(sb.dir.resolve("pipe"));
        Path link = Files.createSymbolicLink(sb.dir.resolve("alias"), real);

        try (NameLock held = locks.lockPipe(real)) {
            CumpsException e = assertThrows(CumpsException.class, () -> locks.lockPipe(link));
            assertEquals("another cumps has been starting or stopping a daemon on pipe directory " + link + " for over 0 s;"
                    + " wait for it to finish and try again", e.getMessage());
        }
        locks.lockPipe(link).close();
    }
}
