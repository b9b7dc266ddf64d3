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
import java.util.Optional;

/**
 * Writes the report where the operator asked, without ever writing through a link and without losing
 * it: the text goes to a new file beside the target, {@code FILE.<random>} (created exclusively, so no
 * link or other file can be there), is flushed to disk, and is renamed over the target, which
 * replaces a name and never follows it. An existing target that is a link, not a regular file, or
 * another user's file is refused before the run ({@link #checkTarget}); one that became so during the
 * run (or a rename that fails) leaves the report in {@code FILE.<random>}, and {@link Written} says
 * where and why: the run's evidence is never deleted for the sake of a name.
 */
public final class ReportFile {
    private ReportFile() {
    }

    /**
     * Where the report is: {@code path} is the file that holds it; {@code notAtTarget} says why that is
     * not the path asked for (empty when it is).
     */
    public record Written(Path path, Optional<Message> notAtTarget) {
        /** Whether the report is at the path asked for. */
        public boolean atTarget() {
            return notAtTarget.isEmpty();
        }
    }

    /**
     * Writes {@code text} to {@code target} (0644); {@code uid} is the caller's. Throws only when the
     * report could not be written anywhere (then nothing is left behind).
     */
    public static Written write(Path target, String text, int uid) {
        Path path = target.toAbsolutePath().normalize();
        Path dir = path.getParent();
        Path temp = null;
        try {
            // A fresh random name, created exclusively (O_EXCL): nothing can stand there, not even a link.
            temp = Files.createTempFile(dir, path.getFileName() + ".", "");
            try (FileChannel channel = FileChannel.open(temp, StandardOpenOption.WRITE, LinkOption.NOFOLLOW_LINKS);
                 OutputStream out = Channels.newOutputStream(channel)) {
                out.write(text.getBytes(StandardCharsets.UTF_8));
                out.flush();
                channel.force(true);
            }
            Files.setPosixFilePermissions(temp, PosixFilePermissions.fromString("rw-r--r--"));
        } catch (IOException | UnsupportedOperationException e) {
            deleteQuietly(temp);
            throw new CumpsException(Message.of(SelftestText.REPORT_WRITE_FAILED, path, e.getMessage()), e);
        }
        // From here on the report is safe on disk in temp, and stays there whatever happens to the target.
        Optional<Message> unsafe = unsafeTarget(path, uid);
        if (unsafe.isPresent()) {
            return new Written(temp, Optional.of(Message.of(SelftestText.REPORT_DIVERTED, path, unsafe.get(), temp)));
        }
        try {
            // rename(2): a link planted since the check is replaced, never followed.
            Files.move(temp, path, StandardCopyOption.ATOMIC_MOVE, StandardCopyOption.REPLACE_EXISTING);
        } catch (IOException | UnsupportedOperationException e) {
            return new Written(temp, Optional.of(Message.of(SelftestText.REPORT_NOT_MOVED, path, String.valueOf(e.getMessage()), temp)));
        }
        return new Written(path, Optional.empty());
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

    /** Refuses, before anything runs, a target that {@link #write} would not write (a link, not a regular file, another user's). */
    public static void checkTarget(Path target, int uid) {
        Path path = target.toAbsolutePath().normalize();
        Optional<Message> unsafe = unsafeTarget(path, uid);
        if (unsafe.isPresent()) {
            throw new CumpsException(Message.of(SelftestText.REPORT_REFUSED, path, unsafe.get()));
        }
        Path dir = path.getParent();
        if (dir == null || !Files.isDirectory(dir)) {
            throw new CumpsException(Message.of(SelftestText.REPORT_WRITE_FAILED, path, "no directory " + dir));
        }
    }

    /** Why {@code path} must not be replaced by the report, if it must not: what stands there is not our regular file. */
    private static Optional<Message> unsafeTarget(Path path, int uid) {
        BasicFileAttributes attributes;
        try {
            attributes = Files.readAttributes(path, BasicFileAttributes.class, LinkOption.NOFOLLOW_LINKS);
        } catch (IOException e) {
            return Optional.empty(); // nothing there yet
        }
        if (attributes.isSymbolicLink()) {
            return Optional.of(Message.of(SelftestText.REPORT_IS_LINK));
        }
        if (!attributes.isRegularFile()) {
            return Optional.of(Message.of(SelftestText.REPORT_NOT_REGULAR));
        }
        try {
            int owner = ((Number) Files.getAttribute(path, "unix:uid", LinkOption.NOFOLLOW_LINKS)).intValue();
            return owner == uid ? Optional.empty() : Optional.of(Message.of(SelftestText.REPORT_NOT_OURS, Integer.toUnsignedString(owner)));
        } catch (IOException | UnsupportedOperationException | IllegalArgumentException e) {
            return Optional.of(Message.of(SelftestText.REPORT_OWNER_UNREADABLE, String.valueOf(e.getMessage())));
        }
    }
}
