package dev.cumps.core.mps;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import dev.cumps.core.message.CumpsException;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The refusals of {@link RuntimeDirs} and {@link MpsControl} carry keyed messages whose English is unchanged. */
class RuntimeDirsMessagesTest {
    @TempDir
    Path dir;

    private static int uid() throws IOException {
        return (Integer) Files.getAttribute(Path.of("/proc/self"), "unix:uid");
    }

    @Test
    void aDirectoryWithTheWrongModeNamesTheFix() throws IOException {
        Path open = Files.createDirectory(dir.resolve("open"), PosixFilePermissions.asFileAttribute(PosixFilePermissions.fromString("rwxr-x---")));
        Files.setPosixFilePermissions(open, PosixFilePermissions.fromString("rwxr-x---"));

        CumpsException e = assertThrows(CumpsException.class, () -> RuntimeDirs.checkPrivate(open, uid()));

        assertEquals("mps.DIRECTORY_MODE", e.errorMessage().key());
        assertEquals(open + " has mode rwxr-x---, expected rwx------ (0700); run `chmod 700 " + open + "` or choose another directory",
                e.getMessage());
    }

    @Test
    void aLinkIsNeverARuntimeDirectory() throws IOException {
        Path link = Files.createSymbolicLink(dir.resolve("link"), Files.createDirectory(dir.resolve("real")));

        CumpsException e = assertThrows(CumpsException.class, () -> RuntimeDirs.checkPrivate(link, uid()));

        assertEquals("mps.SYMBOLIC_LINK", e.errorMessage().key());
    }

    @Test
    void aTooLongSocketPathGivesItsLength() {
        Path deep = Path.of("/tmp/" + "d".repeat(90));

        CumpsException e = assertThrows(CumpsException.class, () -> RuntimeDirs.checkSocketPathLength(deep));

        assertEquals("control socket path " + deep.resolve("control") + " is 103 bytes, over the 95-byte limit for Unix sockets;"
                + " choose a shorter --pipe-dir", e.getMessage());
    }

    @Test
    void requestedVariablesThatCumpsSetsOrThatCannotBeHeldAreRefused() {
        assertEquals("mps.ENV_NAME_RESERVED", assertThrows(CumpsException.class,
                () -> MpsControl.validateRequested(Map.of("CUDA_VISIBLE_DEVICES", "0"))).errorMessage().key());
        assertEquals("invalid --env name '1X': use letters, digits and underscores, not starting with a digit (--env NAME=VALUE)",
                assertThrows(CumpsException.class, () -> MpsControl.validateRequested(Map.of("1X", "v"))).getMessage());
        assertEquals("--env A contains a NUL byte, which no environment can hold",
                assertThrows(CumpsException.class, () -> MpsControl.validateRequested(Map.of("A", "a\0b"))).getMessage());
    }
}
