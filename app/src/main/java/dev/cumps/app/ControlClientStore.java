package dev.cumps.app;

import dev.cumps.app.session.ControlClientChoice;
import dev.cumps.app.ui.window.SettingsFile;
import java.lang.System.Logger.Level;
import java.nio.file.Path;
import java.util.Objects;
import java.util.Optional;
import java.util.Properties;

/**
 * Remembers View → Control client in {@code control-client.properties}, next to the window state and the theme
 * ({@code ${XDG_CONFIG_HOME:-~/.config}/mps-console/}). Losing it is harmless: a problem is logged and the
 * choice falls back to automatic.
 */
public final class ControlClientStore {

    private static final System.Logger LOG = System.getLogger(ControlClientStore.class.getName());
    private static final String KEY = "control_client";

    private final Path file;

    public ControlClientStore(Path file) {
        this.file = Objects.requireNonNull(file, "file");
    }

    /** {@code control-client.properties} in the folder that holds {@code windowStateFile}. */
    public static ControlClientStore besideWindowState(Path windowStateFile) {
        return new ControlClientStore(windowStateFile.toAbsolutePath().resolveSibling("control-client.properties"));
    }

    public Path file() {
        return file;
    }

    /** The saved choice; empty when none was saved or the file cannot be understood. */
    public Optional<ControlClientChoice> load() {
        return settings().load().flatMap(p -> {
            Optional<ControlClientChoice> choice = ControlClientChoice.parse(p.getProperty(KEY));
            if (choice.isEmpty()) {
                LOG.log(Level.WARNING, "Ignoring control client setting " + file + ": " + KEY + "=" + p.getProperty(KEY));
            }
            return choice;
        });
    }

    /** Saves {@code choice}, replacing the file atomically. */
    public void save(ControlClientChoice choice) {
        Properties p = new Properties();
        p.setProperty(KEY, choice.id());
        settings().save(p, "MPS Console control client: automatic or nvidia (applies at the next start)");
    }

    private SettingsFile settings() {
        return new SettingsFile(file, "control client setting");
    }
}
