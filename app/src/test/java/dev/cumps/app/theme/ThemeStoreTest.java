package dev.cumps.app.theme;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Optional;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class ThemeStoreTest {

    @TempDir
    Path dir;

    @Test
    void theChoiceIsSavedBesideTheWindowStateAndReadBack() throws Exception {
        Path windowState = dir.resolve("mps-console").resolve("window.properties");
        ThemeStore store = ThemeStore.besideWindowState(windowState);
        assertEquals(dir.resolve("mps-console").resolve("theme.properties"), store.file());
        assertEquals(Optional.empty(), store.load(), "nothing saved yet: follow the desktop");

        store.save(ThemeChoice.DARK);
        assertEquals(Optional.of(ThemeChoice.DARK), new ThemeStore(store.file()).load());
        assertTrue(Files.readString(store.file()).contains("theme=dark"));
        store.save(ThemeChoice.SYSTEM);
        assertEquals(Optional.of(ThemeChoice.SYSTEM), store.load());
    }

    @Test
    void garbageAnUnknownThemeOrAHugeFileIsIgnored() throws Exception {
        ThemeStore store = new ThemeStore(dir.resolve("theme.properties"));
        Files.writeString(store.file(), "theme=purple\n");
        assertEquals(Optional.empty(), store.load());
        Files.write(store.file(), new byte[] {(byte) 0xff, 0, 1, 2});
        assertEquals(Optional.empty(), store.load());
        Files.writeString(store.file(), "theme=dark\n#" + "x".repeat(10_000));
        assertEquals(Optional.empty(), store.load(), "larger than the cap: not ours");
    }

    @Test
    void aLinkIsNotFollowed() throws Exception {
        Path target = Files.writeString(dir.resolve("elsewhere.properties"), "theme=dark\n");
        ThemeStore store = new ThemeStore(dir.resolve("theme.properties"));
        Files.createSymbolicLink(store.file(), target);
        assertEquals(Optional.empty(), store.load());
    }

    @Test
    void choicesParseFromTheirWordsOnly() {
        assertEquals(Optional.of(ThemeChoice.LIGHT), ThemeChoice.parse(" Light "));
        assertEquals(Optional.of(ThemeChoice.SYSTEM), ThemeChoice.parse("system"));
        assertEquals(Optional.empty(), ThemeChoice.parse("darkest"));
        assertEquals(Optional.empty(), ThemeChoice.parse(""));
        assertEquals(Appearance.DARK, ThemeChoice.SYSTEM.resolve(Appearance.DARK));
        assertEquals(Appearance.LIGHT, ThemeChoice.LIGHT.resolve(Appearance.DARK));
        assertEquals(Appearance.DARK, ThemeChoice.DARK.resolve(Appearance.LIGHT));
    }
}
