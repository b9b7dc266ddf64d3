package dev.cumps.app.ui;

import java.io.IOException;
import java.io.Reader;
import java.io.Writer;
import java.lang.System.Logger.Level;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.Properties;
import java.util.stream.Collectors;
import javafx.geometry.Rectangle2D;
import javafx.stage.Screen;
import javafx.stage.Stage;

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

    /** The XDG location for {@code env} and {@code userHome}. */
    public static Path defaultLocation(Map<String, String> env, String userHome) {
        String xdg = env.getOrDefault("XDG_CONFIG_HOME", "");
        // The XDG spec says a relative XDG_CONFIG_HOME is invalid and must be ignored.
        Path base = !xdg.isBlank() && Path.of(xdg).isAbsolute() ? Path.of(xdg) : Path.of(userHome, ".config");
        return base.resolve("mps-console").resolve("window.properties");
    }

    public Path file() {
        return file;
    }

    /** The saved state; empty when none was saved or the file cannot be understood. */
    public Optional<WindowState> load() {
        Properties p = new Properties();
        try (Reader in = Files.newBufferedReader(file, StandardCharsets.UTF_8)) {
            p.load(in);
            return Optional.of(new WindowState(
                    Double.parseDouble(p.getProperty("x")),
                    Double.parseDouble(p.getProperty("y")),
                    Double.parseDouble(p.getProperty("width")),
                    Double.parseDouble(p.getProperty("height")),
                    Boolean.parseBoolean(p.getProperty("maximized"))));
        } catch (NoSuchFileException e) {
            return Optional.empty();
        } catch (IOException | RuntimeException e) {
            LOG.log(Level.WARNING, "Ignoring unreadable window state " + file + ": " + e);
            return Optional.empty();
        }
    }

    /** Saves {@code state}, replacing the file atomically. */
    public void save(WindowState state) {
        Properties p = new Properties();
        p.setProperty("x", Double.toString(state.x()));
        p.setProperty("y", Double.toString(state.y()));
        p.setProperty("width", Double.toString(state.width()));
        p.setProperty("height", Double.toString(state.height()));
        p.setProperty("maximized", Boolean.toString(state.maximized()));
        try {
            Files.createDirectories(file.toAbsolutePath().getParent());
            Path temporary = Files.createTempFile(file.toAbsolutePath().getParent(), ".window", ".tmp");
            try {
                try (Writer out = Files.newBufferedWriter(temporary, StandardCharsets.UTF_8)) {
                    p.store(out, "MPS Console window state");
                }
                Files.move(temporary, file, StandardCopyOption.REPLACE_EXISTING, StandardCopyOption.ATOMIC_MOVE);
            } finally {
                Files.deleteIfExists(temporary);
            }
        } catch (IOException e) {
            LOG.log(Level.WARNING, "Could not save window state to " + file + ": " + e);
        }
    }

    /** Applies the saved state, clamped to the current screens, to {@code stage} (not yet shown). */
    public void restore(Stage stage) {
        load().ifPresent(saved -> {
            List<Rectangle2D> screens = Screen.getScreens().stream()
                    .map(Screen::getVisualBounds).collect(Collectors.toList());
            screens.remove(Screen.getPrimary().getVisualBounds());
            screens.add(0, Screen.getPrimary().getVisualBounds());
            WindowState state = saved.clampedTo(screens);
            stage.setX(state.x());
            stage.setY(state.y());
            stage.setWidth(state.width());
            stage.setHeight(state.height());
            stage.setMaximized(state.maximized());
        });
    }

    /**
     * The state of {@code stage} to save. While maximized, the bounds are the maximized ones, so
     * the last unmaximized bounds are kept from {@code previous} when there is one.
     */
    public static WindowState capture(Stage stage, Optional<WindowState> previous) {
        if (stage.isMaximized() && previous.isPresent()) {
            WindowState p = previous.get();
            return new WindowState(p.x(), p.y(), p.width(), p.height(), true);
        }
        return new WindowState(stage.getX(), stage.getY(), stage.getWidth(), stage.getHeight(), stage.isMaximized());
    }
}
