package dev.cumps.app.theme;

import dev.cumps.app.ui.window.SettingsFile;
import java.lang.System.Logger.Level;
import java.nio.file.Path;
import java.util.Objects;
import java.util.Optional;
import java.util.Properties;

/**
 * Remembers the View → Theme choice in {@code theme.properties}, next to the window state
 * ({@code ${XDG_CONFIG_HOME:-~/.config}/mps-console/}). Losing it is harmless: a problem is
 * logged and the choice falls back to following the desktop.
 */
public final class ThemeStore {

    private static final System.Logger LOG = System.getLogger(ThemeStore.class.getName());
    private static final String KEY = "theme";

    private final Path file;

    public ThemeStore(Path file) {
        this.file = Objects.requireNonNull(file, "file");
    }

    /** {@code theme.properties} in the folder that holds {@code windowStateFile}. */
    public static ThemeStore besideWindowState(Path windowStateFile) {
        return new ThemeStore(windowStateFile.toAbsolutePath().resolveSibling("theme.properties"));
    }

    public Path file() {
        return file;
    }

    /** The saved choice; empty when none was saved or the file cannot be understood. */
    public Optional<ThemeChoice> load() {
        return settings().load().flatMap(p -> {
            Optional<ThemeChoice> choice = ThemeChoice.parse(p.getProperty(KEY));
            if (choice.isEmpty()) {
                LOG.log(Level.WARNING, "Ignoring theme setting " + file + ": theme=" + p.getProperty(KEY));
            }
            return choice;
        });
    }

    /** Saves {@code choice}, replacing the file atomically. */
    public void save(ThemeChoice choice) {
        Properties p = new Properties();
        p.setProperty(KEY, choice.id());
        settings().save(p, "MPS Console theme: system, light or dark");
    }

    private SettingsFile settings() {
        return new SettingsFile(file, "theme setting");
    }
}
