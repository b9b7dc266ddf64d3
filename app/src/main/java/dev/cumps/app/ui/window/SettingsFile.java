package dev.cumps.app.ui.window;

import dev.cumps.core.fs.SafeFiles;
import dev.cumps.core.fs.TrustRule;
import dev.cumps.core.fs.TrustedFolder;
import dev.cumps.core.host.HostEnvironment;
import java.io.IOException;
import java.io.Reader;
import java.io.StringReader;
import java.io.StringWriter;
import java.lang.System.Logger.Level;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.time.Duration;
import java.util.Objects;
import java.util.Optional;
import java.util.Properties;

/**
 * One small properties file of the console's own settings under
 * {@code ${XDG_CONFIG_HOME:-~/.config}/mps-console/} (window state, theme). Anyone able to write
 * that folder could plant a link, a FIFO or a huge file there, so the folder must pass the core's
 * {@link TrustRule} (the user's or root's, writable by no one else, no link, under folders no one else
 * can change; else the settings are not read, and not written). The folder is opened and the file read
 * relative to it ({@link TrustedFolder}): no link followed, a regular file of the user's only, at most
 * {@link #MAX_BYTES}, never blocking on a FIFO swapped in (the read has a deadline), and a folder swapped
 * after the check is never read. A save replaces the file atomically through a private temporary file in
 * the same open folder, which is created {@code 0700} when missing. Losing a setting is harmless: every problem
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
            Optional<TrustedFolder> open = TrustedFolder.open(file.getParent(), uid);
            if (open.isEmpty()) {
                return Optional.empty();
            }
            byte[] bytes;
            try (TrustedFolder folder = open.get()) {
                bytes = folder.read(file.getFileName().toString(), MAX_BYTES, deadline);
            }
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

    /** Saves {@code properties}, replacing the file atomically in its open folder; a failure is logged. */
    public void save(Properties properties, String comment) {
        Path folder = file.getParent();
        try {
            if (!Files.exists(folder, LinkOption.NOFOLLOW_LINKS) && folder.getParent() != null && !Files.isDirectory(folder.getParent())) {
                Files.createDirectories(folder.getParent());
            }
            StringWriter text = new StringWriter();
            properties.store(text, comment);
            try (TrustedFolder open = TrustedFolder.openOrCreate(folder, uid)) {
                open.replace(file.getFileName().toString(), text.toString().getBytes(StandardCharsets.UTF_8),
                        PosixFilePermissions.fromString("rw-------"));
            }
        } catch (IOException | RuntimeException e) {
            LOG.log(Level.WARNING, "Could not save " + what + " to " + file + ": " + e.getMessage());
        }
    }
}
