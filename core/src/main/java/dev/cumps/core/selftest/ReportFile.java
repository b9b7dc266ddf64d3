package dev.cumps.core.selftest;

import dev.cumps.core.message.CumpsException;
import dev.cumps.core.message.Message;
import java.io.IOException;
import java.io.OutputStream;
import java.nio.channels.Channels;
import java.nio.channels.FileChannel;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.nio.file.StandardOpenOption;
import java.nio.file.attribute.BasicFileAttributes;
import java.nio.file.attribute.PosixFilePermissions;

/**
 * Writes the report where the operator asked, without ever writing through a link: the text goes to
 * a new file beside the target (created exclusively, so no link or other file can be there), is
 * flushed to disk, and is renamed over the target, which replaces a name and never follows it. An
 * existing target that is a link, not a regular file, or another user's file is refused.
 */
public final class ReportFile {
    private ReportFile() {
    }

    /** Writes {@code text} to {@code target} (0644); {@code uid} is the caller's. Returns the absolute path written. */
    public static Path write(Path target, String text, int uid) {
        Path path = target.toAbsolutePath().normalize();
        refuseUnsafeTarget(path, uid);
        Path dir = path.getParent();
        Path temp = null;
        try {
            // A fresh random name, created exclusively (O_EXCL): nothing can stand there, not even a link.
            temp = Files.createTempFile(dir, "." + path.getFileName() + ".", ".tmp");
            try (FileChannel channel = FileChannel.open(temp, StandardOpenOption.WRITE, LinkOption.NOFOLLOW_LINKS);
                 OutputStream out = Channels.newOutputStream(channel)) {
                out.write(text.getBytes(StandardCharsets.UTF_8));
                out.flush();
                channel.force(true);
            }
            Files.setPosixFilePermissions(temp, PosixFilePermissions.fromString("rw-r--r--"));
            refuseUnsafeTarget(path, uid);
            Files.move(temp, path, StandardCopyOption.ATOMIC_MOVE, StandardCopyOption.REPLACE_EXISTING);
        } catch (IOException | UnsupportedOperationException e) {
            deleteQuietly(temp);
            throw new CumpsException(Message.of(SelftestText.REPORT_WRITE_FAILED, path, e.getMessage()), e);
        } catch (CumpsException e) {
            deleteQuietly(temp);
            throw e;
        }
        return path;
    }

    private static void deleteQuietly(Path temp) {
        if (temp == null) {
            return;
        }
        try {
            Files.deleteIfExists(temp);
        } catch (IOException ignored) {
            // Nothing more to undo; the error names the report path.
        }
    }

    /** Refuses, before anything runs, a target that {@link #write} would refuse (a link, not a regular file, another user's). */
    public static void checkTarget(Path target, int uid) {
        Path path = target.toAbsolutePath().normalize();
        refuseUnsafeTarget(path, uid);
        Path dir = path.getParent();
        if (dir == null || !Files.isDirectory(dir)) {
            throw new CumpsException(Message.of(SelftestText.REPORT_WRITE_FAILED, path, "no directory " + dir));
        }
    }

    private static void refuseUnsafeTarget(Path path, int uid) {
        BasicFileAttributes attributes;
        try {
            attributes = Files.readAttributes(path, BasicFileAttributes.class, LinkOption.NOFOLLOW_LINKS);
        } catch (IOException e) {
            return; // nothing there yet
        }
        if (attributes.isSymbolicLink()) {
            throw new CumpsException(Message.of(SelftestText.REPORT_IS_LINK, path));
        }
        if (!attributes.isRegularFile()) {
            throw new CumpsException(Message.of(SelftestText.REPORT_NOT_REGULAR, path));
        }
        try {
            int owner = ((Number) Files.getAttribute(path, "unix:uid", LinkOption.NOFOLLOW_LINKS)).intValue();
            if (owner != uid) {
                throw new CumpsException(Message.of(SelftestText.REPORT_NOT_OURS, path, Integer.toUnsignedString(owner)));
            }
        } catch (IOException | UnsupportedOperationException | IllegalArgumentException e) {
            throw new CumpsException(Message.of(SelftestText.REPORT_WRITE_FAILED, path, e.getMessage()), e);
        }
    }
}
