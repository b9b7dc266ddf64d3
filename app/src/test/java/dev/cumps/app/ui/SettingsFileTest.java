package dev.cumps.app.ui;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.Optional;
import java.util.Properties;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class SettingsFileTest {

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
}
