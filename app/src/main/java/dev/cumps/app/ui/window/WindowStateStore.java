package dev.cumps.app.ui.window;

import java.lang.System.Logger.Level;
import java.nio.file.InvalidPathException;
import java.nio.file.Path;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.Properties;

/**
 * Remembers the main window's bounds in a small properties file, by default
 * {@code ${XDG_CONFIG_HOME:-~/.config}/mps-console/window.properties}. Losing it is harmless, so
 * every read or write problem is logged and otherwise ignored.
 */
public final class WindowStateStore {

    private static final System.Logger LOG = System.getLogger(WindowStateStore.class.getName());

    private final Path file;

    public WindowStateStore(Path file) {
        this.file = Objects.requireNonNull(file, "file");
    }

    /**
     * The XDG location for the environment {@code env}: {@code $XDG_CONFIG_HOME/mps-console}, else
     * {@code $HOME/.config/mps-console}; empty when neither is an absolute path (then no state is
     * kept). Java's {@code user.home} is not used: it comes from the password database, not from
     * the {@code HOME} the user launched the console with.
     */
    public static Optional<Path> defaultLocation(Map<String, String> env) {
        // The XDG spec says a relative XDG_CONFIG_HOME is invalid and must be ignored.
        return absolute(env.get("XDG_CONFIG_HOME"))
                .or(() -> absolute(env.get("HOME")).map(home -> home.resolve(".config")))
                .map(base -> base.resolve("mps-console").resolve("window.properties"));
    }

    private static Optional<Path> absolute(String value) {
        if (value == null || value.isBlank()) {
            return Optional.empty();
        }
        try {
            Path path = Path.of(value);
            return path.isAbsolute() ? Optional.of(path) : Optional.empty();
        } catch (InvalidPathException e) {
            return Optional.empty();
        }
    }

    public Path file() {
        return file;
    }

    /** The saved state; empty when none was saved or the file cannot be understood. */
    public Optional<WindowState> load() {
        return settings().load().flatMap(p -> {
            try {
                return Optional.of(new WindowState(
                        Double.parseDouble(p.getProperty("x")),
                        Double.parseDouble(p.getProperty("y")),
                        Double.parseDouble(p.getProperty("width")),
                        Double.parseDouble(p.getProperty("height")),
                        Boolean.parseBoolean(p.getProperty("maximized"))));
            } catch (RuntimeException e) {
                LOG.log(Level.WARNING, "Ignoring unreadable window state " + file + ": " + e);
                return Optional.empty();
            }
        });
    }

    /** Saves {@code state}, replacing the file atomically. */
    public void save(WindowState state) {
        Properties p = new Properties();
        p.setProperty("x", Double.toString(state.x()));
        p.setProperty("y", Double.toString(state.y()));
        p.setProperty("width", Double.toString(state.width()));
        p.setProperty("height", Double.toString(state.height()));
        p.setProperty("maximized", Boolean.toString(state.maximized()));
        settings().save(p, "MPS Console window state");
    }

    private SettingsFile settings() {
        return new SettingsFile(file, "window state");
    }
}
