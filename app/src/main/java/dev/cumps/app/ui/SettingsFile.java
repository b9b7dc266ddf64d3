package dev.cumps.app.ui;

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
import java.nio.file.attribute.PosixFilePermissions;
import java.util.Objects;
import java.util.Optional;
import java.util.Properties;

/**
 * One small properties file of the console's own settings under
 * {@code ${XDG_CONFIG_HOME:-~/.config}/mps-console/} (window state, theme). Anyone able to write
 * that folder could plant a link or a huge file there, so a read never follows a link, accepts only
 * a regular file and at most {@link #MAX_BYTES}; a save replaces the file atomically through a
 * private temporary file in the same folder, which is created {@code 0700} when missing and never
 * used when it is a link. Losing a setting is harmless: every problem is logged and otherwise
 * ignored.
 */
public final class SettingsFile {

    /** Settings are a few short lines; anything larger is not ours. */
    public static final int MAX_BYTES = 4096;

    private static final System.Logger LOG = System.getLogger(SettingsFile.class.getName());

    private final Path file;
    private final String what;

    /** {@code what} names the setting in log lines, e.g. {@code "window state"}. */
    public SettingsFile(Path file, String what) {
        this.file = Objects.requireNonNull(file, "file").toAbsolutePath();
        this.what = Objects.requireNonNull(what, "what");
    }

    public Path file() {
        return file;
    }

    /** The saved properties; empty when none were saved or the file is not one we accept. */
    public Optional<Properties> load() {
        if (!Files.isRegularFile(file, LinkOption.NOFOLLOW_LINKS)) {
            if (Files.exists(file, LinkOption.NOFOLLOW_LINKS)) {
                LOG.log(Level.WARNING, "Ignoring " + what + " " + file + ": not a regular file");
            }
            return Optional.empty();
        }
        try (InputStream in = Files.newInputStream(file, LinkOption.NOFOLLOW_LINKS)) {
            byte[] bytes = in.readNBytes(MAX_BYTES + 1);
            if (bytes.length > MAX_BYTES) {
                LOG.log(Level.WARNING, "Ignoring " + what + " " + file + ": larger than " + MAX_BYTES + " bytes");
                return Optional.empty();
            }
            Properties p = new Properties();
            try (Reader reader = new StringReader(new String(bytes, StandardCharsets.UTF_8))) {
                p.load(reader);
            }
            return Optional.of(p);
        } catch (NoSuchFileException e) {
            return Optional.empty();
        } catch (IOException | RuntimeException e) {
            LOG.log(Level.WARNING, "Ignoring unreadable " + what + " " + file + ": " + e);
            return Optional.empty();
        }
    }

    /** Saves {@code properties}, replacing the file atomically; a failure is logged. */
    public void save(Properties properties, String comment) {
        Path folder = file.getParent();
        try {
            if (Files.isSymbolicLink(folder)) {
                throw new IOException(folder + " is a symbolic link");
            }
            if (!Files.isDirectory(folder, LinkOption.NOFOLLOW_LINKS)) {
                Files.createDirectories(folder.getParent());
                Files.createDirectory(folder, PosixFilePermissions.asFileAttribute(
                        PosixFilePermissions.fromString("rwx------")));
            }
            Path temporary = Files.createTempFile(folder, ".settings", ".tmp");
            try {
                try (Writer out = Files.newBufferedWriter(temporary, StandardCharsets.UTF_8)) {
                    properties.store(out, comment);
                }
                Files.move(temporary, file, StandardCopyOption.REPLACE_EXISTING, StandardCopyOption.ATOMIC_MOVE);
            } finally {
                Files.deleteIfExists(temporary);
            }
        } catch (IOException | RuntimeException e) {
            LOG.log(Level.WARNING, "Could not save " + what + " to " + file + ": " + e);
        }
    }
}
