package dev.cumps.app.ui.window;

import dev.cumps.core.fs.SafeFiles;
import dev.cumps.core.host.HostEnvironment;
import java.io.IOException;
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
import java.nio.file.attribute.PosixFileAttributes;
import java.nio.file.attribute.PosixFilePermission;
import java.nio.file.attribute.PosixFilePermissions;
import java.time.Duration;
import java.util.Objects;
import java.util.Optional;
import java.util.Properties;
import java.util.Set;

/**
 * One small properties file of the console's own settings under
 * {@code ${XDG_CONFIG_HOME:-~/.config}/mps-console/} (window state, theme). Anyone able to write
 * that folder could plant a link, a FIFO or a huge file there, so the folder must be a real
 * directory owned by the user and writable by no one else (else the settings are not read, and
 * not written), and a read goes through the core's {@link SafeFiles#readAll}: no link followed
 * ({@code O_NOFOLLOW} on the open itself), a regular file only, checked again on what was opened, at
 * most {@link #MAX_BYTES}, and never blocking on a FIFO swapped in after the check (the read has a
 * deadline). A save replaces the file atomically through a private temporary file in the same
 * folder, which is created {@code 0700} when missing. Losing a setting is harmless: every problem
 * is logged in one line and otherwise ignored (the defaults apply).
 */
public final class SettingsFile {

    /** Settings are a few short lines; anything larger is not ours. */
    public static final int MAX_BYTES = 4096;

    private static final System.Logger LOG = System.getLogger(SettingsFile.class.getName());

    private final Path file;
    private final String what;
    private final int uid;
    private final Duration deadline;

    /** {@code what} names the setting in log lines, e.g. {@code "window state"}. */
    public SettingsFile(Path file, String what) {
        this(file, what, HostEnvironment.current().uid(), SafeFiles.DEFAULT_DEADLINE);
    }

    /** As the user {@code uid}, with at most {@code deadline} for one read (see {@link SafeFiles} for why reads have one). */
    SettingsFile(Path file, String what, int uid, Duration deadline) {
        this.file = Objects.requireNonNull(file, "file").toAbsolutePath();
        this.what = Objects.requireNonNull(what, "what");
        this.uid = uid;
        this.deadline = Objects.requireNonNull(deadline, "deadline");
    }

    public Path file() {
        return file;
    }

    /** The saved properties; empty when none were saved or the file or its folder is not one we accept. */
    public Optional<Properties> load() {
        try {
            Optional<String> unsafe = unsafeFolder(file.getParent());
            if (unsafe.isPresent()) {
                LOG.log(Level.WARNING, "Ignoring " + what + " " + file + ": " + unsafe.get());
                return Optional.empty();
            }
            byte[] bytes = SafeFiles.readAll(file, MAX_BYTES, deadline);
            Properties p = new Properties();
            try (Reader reader = new StringReader(new String(bytes, StandardCharsets.UTF_8))) {
                p.load(reader);
            }
            return Optional.of(p);
        } catch (NoSuchFileException e) {
            return Optional.empty();
        } catch (IOException | RuntimeException e) {
            LOG.log(Level.WARNING, "Ignoring " + what + " " + file + ": " + e.getMessage());
            return Optional.empty();
        }
    }

    /**
     * Why {@code folder} must not hold our settings, if it must not: a link, not a directory, another
     * user's, or writable by group or others (who could then swap the file). A missing folder is fine.
     */
    private Optional<String> unsafeFolder(Path folder) throws IOException {
        PosixFileAttributes attributes;
        try {
            attributes = Files.readAttributes(folder, PosixFileAttributes.class, LinkOption.NOFOLLOW_LINKS);
        } catch (NoSuchFileException e) {
            return Optional.empty();
        }
        if (attributes.isSymbolicLink()) {
            return Optional.of("the folder " + folder + " is a symbolic link");
        }
        if (!attributes.isDirectory()) {
            return Optional.of(folder + " is not a directory");
        }
        int owner = ((Number) Files.getAttribute(folder, "unix:uid", LinkOption.NOFOLLOW_LINKS)).intValue();
        if (owner != uid) {
            return Optional.of("the folder " + folder + " belongs to uid " + Integer.toUnsignedString(owner) + ", not to you");
        }
        Set<PosixFilePermission> mode = attributes.permissions();
        if (mode.contains(PosixFilePermission.GROUP_WRITE) || mode.contains(PosixFilePermission.OTHERS_WRITE)) {
            return Optional.of("the folder " + folder + " is writable by others (" + PosixFilePermissions.toString(mode) + ")");
        }
        return Optional.empty();
    }

    /** Saves {@code properties}, replacing the file atomically; a failure is logged. */
    public void save(Properties properties, String comment) {
        Path folder = file.getParent();
        try {
            Optional<String> unsafe = unsafeFolder(folder);
            if (unsafe.isPresent()) {
                throw new IOException(unsafe.get());
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
            LOG.log(Level.WARNING, "Could not save " + what + " to " + file + ": " + e.getMessage());
        }
    }
}
