package dev.cumps.app.theme;

import java.io.IOException;
import java.io.InputStream;
import java.io.Reader;
import java.io.StringReader;
import java.io.Writer;
import java.lang.System.Logger.Level;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
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
    /** The file holds one short line; anything longer is not ours. */
    private static final int MAX_BYTES = 4096;

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
        if (!Files.isRegularFile(file, LinkOption.NOFOLLOW_LINKS)) {
            if (Files.exists(file, LinkOption.NOFOLLOW_LINKS)) {
                LOG.log(Level.WARNING, "Ignoring theme setting " + file + ": not a regular file");
            }
            return Optional.empty();
        }
        try (InputStream in = Files.newInputStream(file, LinkOption.NOFOLLOW_LINKS)) {
            byte[] bytes = in.readNBytes(MAX_BYTES + 1);
            if (bytes.length > MAX_BYTES) {
                LOG.log(Level.WARNING, "Ignoring theme setting " + file + ": larger than " + MAX_BYTES + " bytes");
                return Optional.empty();
            }
            Properties p = new Properties();
            try (Reader reader = new StringReader(new String(bytes, StandardCharsets.UTF_8))) {
                p.load(reader);
            }
            Optional<ThemeChoice> choice = ThemeChoice.parse(p.getProperty(KEY));
            if (choice.isEmpty()) {
                LOG.log(Level.WARNING, "Ignoring theme setting " + file + ": theme=" + p.getProperty(KEY));
            }
            return choice;
        } catch (NoSuchFileException e) {
            return Optional.empty();
        } catch (IOException | RuntimeException e) {
            LOG.log(Level.WARNING, "Ignoring unreadable theme setting " + file + ": " + e);
            return Optional.empty();
        }
    }

    /** Saves {@code choice}, replacing the file atomically. */
    public void save(ThemeChoice choice) {
        Properties p = new Properties();
        p.setProperty(KEY, choice.id());
        Path folder = file.toAbsolutePath().getParent();
        try {
            Files.createDirectories(folder);
            Path temporary = Files.createTempFile(folder, ".theme", ".tmp");
            try {
                try (Writer out = Files.newBufferedWriter(temporary, StandardCharsets.UTF_8)) {
                    p.store(out, "MPS Console theme: system, light or dark");
                }
                Files.move(temporary, file, StandardCopyOption.REPLACE_EXISTING, StandardCopyOption.ATOMIC_MOVE);
            } finally {
                Files.deleteIfExists(temporary);
            }
        } catch (IOException e) {
            LOG.log(Level.WARNING, "Could not save the theme setting to " + file + ": " + e);
        }
    }
}
