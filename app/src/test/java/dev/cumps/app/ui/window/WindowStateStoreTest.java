package dev.cumps.app.ui.window;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;
import java.util.Optional;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class WindowStateStoreTest {

    @TempDir
    Path dir;

    @Test
    void savedStateIsLoadedBack() {
        WindowStateStore store = new WindowStateStore(dir.resolve("mps-console/window.properties"));
        WindowState state = new WindowState(12.5, -30, 1024, 700, true);
        store.save(state);
        assertEquals(Optional.of(state), store.load());
        assertEquals(Optional.of(state), new WindowStateStore(store.file()).load());
    }

    @Test
    void nothingSavedMeansNoState() {
        assertEquals(Optional.empty(), new WindowStateStore(dir.resolve("window.properties")).load());
    }

    @Test
    void aDamagedFileIsIgnored() throws IOException {
        Path file = dir.resolve("window.properties");
        Files.writeString(file, "x=12\ny=oops\n");
        assertEquals(Optional.empty(), new WindowStateStore(file).load());
        Files.writeString(file, "x=12\ny=3\nwidth=-5\nheight=10\n");
        assertEquals(Optional.empty(), new WindowStateStore(file).load());
    }

    @Test
    void aLinkOrAnOversizedFileIsNotRead() throws IOException {
        WindowStateStore elsewhere = new WindowStateStore(dir.resolve("elsewhere/window.properties"));
        elsewhere.save(new WindowState(1, 2, 1024, 700, false));
        Path file = dir.resolve("window.properties");
        Files.createSymbolicLink(file, elsewhere.file());
        assertEquals(Optional.empty(), new WindowStateStore(file).load(), "a planted link is not followed");

        Files.delete(file);
        Files.writeString(file, "x=1\ny=2\nwidth=1024\nheight=700\n#" + "x".repeat(SettingsFile.MAX_BYTES));
        assertEquals(Optional.empty(), new WindowStateStore(file).load(), "larger than the cap: not ours");
    }

    @Test
    void aFailedSaveIsNotAnError() throws IOException {
        Path blocker = dir.resolve("not-a-dir");
        Files.writeString(blocker, "");
        new WindowStateStore(blocker.resolve("window.properties")).save(new WindowState(0, 0, 800, 600, false));
    }

    @Test
    void defaultLocationFollowsXdgConfigHome() {
        assertEquals(Optional.of(Path.of("/cfg/mps-console/window.properties")),
                WindowStateStore.defaultLocation(Map.of("XDG_CONFIG_HOME", "/cfg", "HOME", "/home/ann")));
        assertEquals(Optional.of(Path.of("/home/ann/.config/mps-console/window.properties")),
                WindowStateStore.defaultLocation(Map.of("HOME", "/home/ann")));
        assertEquals(Optional.of(Path.of("/home/ann/.config/mps-console/window.properties")),
                WindowStateStore.defaultLocation(Map.of("XDG_CONFIG_HOME", "relative/cfg", "HOME", "/home/ann")));
    }

    @Test
    void withoutAnAbsoluteHomeNoStateIsKept() {
        // Not Java's user.home (the password database's), which the old console fell back to.
        assertEquals(Optional.empty(), WindowStateStore.defaultLocation(Map.of()));
        assertEquals(Optional.empty(), WindowStateStore.defaultLocation(Map.of("HOME", "relative")));
    }
}
