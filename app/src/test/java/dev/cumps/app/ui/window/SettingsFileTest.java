package dev.cumps.app.ui.window;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTimeoutPreemptively;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.cumps.core.fs.SafeFiles;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.nio.file.attribute.PosixFilePermissions;
import java.time.Duration;
import java.util.List;
import java.util.Optional;
import java.util.Properties;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class SettingsFileTest {
    /** Generous: only a hang would take this long. */
    private static final Duration NEVER_HANGS = Duration.ofSeconds(60);

    @TempDir
    Path dir;

    private static Properties of(String key, String value) {
        Properties p = new Properties();
        p.setProperty(key, value);
        return p;
    }

    @Test
    void aSavedFileIsReadBackAndItsNewFolderIsPrivate() throws Exception {
        Path folder = dir.resolve("config").resolve("mps-console");
        SettingsFile settings = new SettingsFile(folder.resolve("window.properties"), "window state");
        assertEquals(Optional.empty(), settings.load());

        settings.save(of("width", "1280"), "test");

        assertEquals("1280", settings.load().orElseThrow().getProperty("width"));
        assertEquals("rwx------", PosixFilePermissions.toString(Files.getPosixFilePermissions(folder)));
        try (var files = Files.list(folder)) {
            assertEquals(1, files.count(), "no temporary file is left beside the settings");
        }
    }

    @Test
    void aLinkInPlaceOfTheFileIsNotFollowedAndASaveReplacesTheLinkNotItsTarget() throws Exception {
        Path target = Files.writeString(dir.resolve("elsewhere"), "width=9999\n");
        Path file = dir.resolve("window.properties");
        Files.createSymbolicLink(file, target);
        SettingsFile settings = new SettingsFile(file, "window state");

        assertEquals(Optional.empty(), settings.load());

        settings.save(of("width", "1280"), "test");
        assertEquals("width=9999\n", Files.readString(target), "the link's target is untouched");
        assertFalse(Files.isSymbolicLink(file));
        assertEquals("1280", settings.load().orElseThrow().getProperty("width"));
    }

    @Test
    void anOversizedFileOrADirectoryIsIgnored() throws Exception {
        Path file = dir.resolve("theme.properties");
        Files.writeString(file, "theme=dark\n#" + "x".repeat(SettingsFile.MAX_BYTES));
        assertEquals(Optional.empty(), new SettingsFile(file, "theme").load());

        Path folder = Files.createDirectory(dir.resolve("window.properties"));
        assertEquals(Optional.empty(), new SettingsFile(folder, "window state").load());
    }

    @Test
    void aFolderThatIsALinkIsNeverWrittenThrough() throws Exception {
        Path real = Files.createDirectory(dir.resolve("someone-elses"));
        Path folder = dir.resolve("mps-console");
        Files.createSymbolicLink(folder, real);

        new SettingsFile(folder.resolve("window.properties"), "window state").save(of("width", "1"), "test");

        try (var files = Files.list(real)) {
            assertEquals(0, files.count());
        }
        assertTrue(Files.isSymbolicLink(folder));
        assertFalse(Files.exists(folder.resolve("window.properties"), LinkOption.NOFOLLOW_LINKS));
    }

    private static void mkfifo(Path path) throws IOException, InterruptedException {
        Process p = new ProcessBuilder("mkfifo", path.toString()).redirectErrorStream(true).start();
        assertEquals(0, p.waitFor(), new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8));
    }

    private static int uid() throws IOException {
        return (Integer) Files.getAttribute(Path.of("/proc/self"), "unix:uid");
    }

    @Test
    void aFifoAtThePathIsIgnoredWithoutWaitingForAWriter() throws Exception {
        Path fifo = dir.resolve("window.properties");
        mkfifo(fifo);
        SettingsFile settings = new SettingsFile(fifo, "window state");
        assertTimeoutPreemptively(NEVER_HANGS, () -> assertEquals(Optional.empty(), settings.load()));
    }

    @Test
    void aFileSwappedForAFifoAgainAndAgainNeverHangsALoad() throws Exception {
        // Someone renames a FIFO and a regular file over the settings in a loop, so some loads open whatever is
        // there between the check and the open. Every load must end, with the settings or the defaults.
        Path file = dir.resolve("window.properties");
        Path regular = dir.resolve("regular");
        Path fifo = dir.resolve("fifo");
        Files.writeString(file, "width=1280\n");
        SettingsFile settings = new SettingsFile(file, "window state", uid(), Duration.ofMillis(300));
        AtomicBoolean swapping = new AtomicBoolean(true);
        AtomicInteger swaps = new AtomicInteger();
        Thread swapper = new Thread(() -> {
            for (int i = 0; swapping.get(); i = swaps.incrementAndGet()) {
                try {
                    if (i % 2 == 0) {
                        mkfifo(fifo);
                        Files.move(fifo, file, StandardCopyOption.REPLACE_EXISTING, StandardCopyOption.ATOMIC_MOVE);
                    } else {
                        Files.writeString(regular, "width=1280\n");
                        Files.move(regular, file, StandardCopyOption.REPLACE_EXISTING, StandardCopyOption.ATOMIC_MOVE);
                    }
                } catch (IOException | InterruptedException e) {
                    throw new AssertionError(e);
                }
            }
        }, "swapper");
        swapper.setDaemon(true);
        swapper.start();
        try {
            assertTimeoutPreemptively(Duration.ofSeconds(120), () -> {
                // Loads back to back while a FIFO is swapped in 100 times: with a gap between check and open, one hangs.
                while (swaps.get() < 200) {
                    settings.load().ifPresent(p -> assertEquals("1280", p.getProperty("width")));
                }
            });
        } finally {
            swapping.set(false);
            swapper.join(30_000);
        }
    }

    @Test
    void aFolderOfAnotherUserIsNeitherReadNorWritten() throws Exception {
        Path folder = Files.createDirectory(dir.resolve("mps-console"), PosixFilePermissions.asFileAttribute(
                PosixFilePermissions.fromString("rwx------")));
        Path file = Files.writeString(folder.resolve("window.properties"), "width=9999\n");
        int me = uid();
        if (me == 0) {
            Files.setAttribute(folder, "unix:uid", 65534);
        }
        // Not root (no chown): the same folder seen by another user.
        SettingsFile settings = new SettingsFile(file, "window state", me == 0 ? me : me + 1, SafeFiles.DEFAULT_DEADLINE);

        assertEquals(Optional.empty(), settings.load(), "the defaults apply");
        settings.save(of("width", "1"), "test");
        assertEquals("width=9999\n", Files.readString(file), "nothing written into another user's folder");
    }

    @Test
    void aFolderOthersCanWriteIsNeitherReadNorWritten() throws Exception {
        for (String mode : List.of("rwxrwx---", "rwx---rwx", "rwxrwxrwx")) {
            Path folder = Files.createDirectory(dir.resolve("mps-console-" + mode));
            Path file = Files.writeString(folder.resolve("window.properties"), "width=9999\n");
            Files.setPosixFilePermissions(folder, PosixFilePermissions.fromString(mode));
            SettingsFile settings = new SettingsFile(file, "window state");

            assertEquals(Optional.empty(), settings.load(), mode);
            settings.save(of("width", "1"), "test");
            assertEquals("width=9999\n", Files.readString(file), mode);
        }
    }

    /**
     * The folder above counts too: a settings folder of the user's inside a folder others can write
     * ({@code XDG_CONFIG_HOME} in a shared place) could be swapped for theirs between a check and a read.
     */
    @Test
    void aSettingsFolderInsideAFolderOthersCanWriteIsNeitherReadNorWritten() throws Exception {
        Path shared = Files.createDirectory(dir.resolve("shared"));
        Files.setPosixFilePermissions(shared, PosixFilePermissions.fromString("rwxrwxrwx"));
        Path folder = Files.createDirectory(shared.resolve("mps-console"), PosixFilePermissions.asFileAttribute(
                PosixFilePermissions.fromString("rwx------")));
        Path file = Files.writeString(folder.resolve("window.properties"), "width=9999\n");
        SettingsFile settings = new SettingsFile(file, "window state");

        assertEquals(Optional.empty(), settings.load(), "the defaults apply");
        settings.save(of("width", "1"), "test");
        assertEquals("width=9999\n", Files.readString(file), "nothing written there");
    }
}
