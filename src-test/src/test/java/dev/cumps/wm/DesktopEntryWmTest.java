package dev.cumps.wm;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Optional;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Collectors;
import java.util.stream.Stream;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * The packaged desktop entry ({@code packaging/linux/dev.cumps.MpsConsole.desktop}) names the real
 * window: a desktop shell groups a running window under its menu entry (icon, name, "running"
 * marker) by matching the entry's {@code StartupWMClass} against the window's {@code WM_CLASS}
 * class. The console runs on the GTK glass under openbox; {@code xprop WM_CLASS} reads what the
 * shell would see.
 */
class DesktopEntryWmTest {

    private static final Pattern WM_CLASS = Pattern.compile("WM_CLASS\\(STRING\\) = \"([^\"]*)\", \"([^\"]*)\"");

    private Path dir;

    @BeforeEach
    void privateFolder() throws IOException {
        // Short: the simulated host's sockets live under it.
        dir = Files.createTempDirectory(Path.of("/tmp"), "de");
    }

    @AfterEach
    void removeFolder() throws IOException {
        try (Stream<Path> walk = Files.walk(dir)) {
            for (Path p : walk.sorted((a, b) -> b.compareTo(a)).collect(Collectors.toList())) {
                Files.deleteIfExists(p);
            }
        }
    }

    @Test
    void mainWindowsWmClassIsTheDesktopEntrysStartupWmClass() throws IOException, InterruptedException {
        String startupWmClass = desktopEntryKey("StartupWMClass");
        Path home = Files.createDirectories(dir.resolve("h"));
        try (XDesktop desktop = XDesktop.start(Files.createDirectories(dir.resolve("x")));
                Console console = Console.launch(desktop, dir, home, Optional.empty())) {
            String main = console.mainWindow();
            String property = Waits.until("the main window's WM_CLASS", () -> desktop.property(main, "WM_CLASS"),
                    p -> WM_CLASS.matcher(p).find());
            Matcher m = WM_CLASS.matcher(property);
            m.find();
            assertEquals(startupWmClass, m.group(2), "the window's WM_CLASS class (" + property + ") vs the desktop entry");
            assertEquals(startupWmClass, m.group(1), "the window's WM_CLASS instance (" + property + ") vs the desktop entry");
            console.closeWindow(main);
        }
    }

    /** The value of {@code key} in the desktop entry's main group; fails when absent. */
    private static String desktopEntryKey(String key) throws IOException {
        Path entry = Path.of(System.getProperty("cumps.app.build", "../app/target"))
                .resolve("../../packaging/linux/dev.cumps.MpsConsole.desktop").normalize();
        List<String> lines = Files.readAllLines(entry, StandardCharsets.UTF_8);
        return lines.stream().takeWhile(l -> !l.startsWith("[Desktop Action"))
                .filter(l -> l.startsWith(key + "="))
                .map(l -> l.substring(key.length() + 1))
                .findFirst().orElseThrow(() -> new AssertionError(entry + " has no " + key));
    }
}
