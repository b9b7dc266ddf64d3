package dev.cumps.core.record;

import dev.cumps.core.fs.SafeFiles;
import dev.cumps.core.message.CumpsException;
import dev.cumps.core.message.Message;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.charset.StandardCharsets;
import java.nio.file.DirectoryNotEmptyException;
import java.nio.file.DirectoryStream;
import java.nio.file.FileAlreadyExistsException;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.nio.file.StandardOpenOption;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.Set;

/**
 * Writes and removes {@code <root>/<name>/daemon.json} atomically: a temporary file written and
 * fsynced, then hard-linked into place (which also refuses to overwrite) or, to replace a record,
 * renamed over it; 0600 in a 0700 directory.
 * The caller holds the name's lock.
 */
final class RecordWriter {
    private final RecordDirectories directories;

    RecordWriter(RecordDirectories directories) {
        this.directories = directories;
    }

    /** Writes a new record; refuses to overwrite one that exists. */
    void write(DaemonRecord record) {
        store(record, false);
    }

    /**
     * Replaces an existing record atomically (a new file renamed over the old one: a reader sees the
     * old record or the new one, never a mix, and a link in its place is replaced, not followed).
     */
    void replace(DaemonRecord record) {
        store(record, true);
    }

    private void store(DaemonRecord record, boolean replace) {
        Path dir = directories.root().resolve(RecordNames.validate(record.name()));
        Path target = dir.resolve(RecordStore.RECORD_FILE);
        Path tmp = dir.resolve("." + RecordStore.RECORD_FILE + "." + ProcessHandle.current().pid() + ".tmp");
        try {
            directories.privateDirectory(dir);
            removeLeftoverTemporaries(dir);
            try (FileChannel ch = FileChannel.open(tmp, Set.of(StandardOpenOption.CREATE_NEW, StandardOpenOption.WRITE),
                    PosixFilePermissions.asFileAttribute(PosixFilePermissions.fromString("rw-------")))) {
                ch.write(ByteBuffer.wrap(RecordCodec.encode(record).getBytes(StandardCharsets.UTF_8)));
                ch.force(true);
            }
            try {
                if (replace) {
                    Files.move(tmp, target, StandardCopyOption.ATOMIC_MOVE, StandardCopyOption.REPLACE_EXISTING);
                } else {
                    Files.createLink(target, tmp);
                }
            } catch (FileAlreadyExistsException e) {
                throw new CumpsException(Message.of(RecordText.ALREADY_EXISTS, record.name(), target));
            } finally {
                Files.deleteIfExists(tmp);
            }
            syncDirectory(dir);
        } catch (IOException e) {
            throw new CumpsException(Message.of(RecordText.CANNOT_WRITE, target, SafeFiles.reasonOf(e)));
        }
    }

    /** Removes a record file (and its directory when nothing else is in it). */
    void remove(Path file) {
        try {
            Files.deleteIfExists(file);
            removeLeftoverTemporaries(file.getParent());
            try {
                Files.deleteIfExists(file.getParent());
            } catch (DirectoryNotEmptyException e) {
                // Something else lives there (a user's note, a uni-cumps extra): leave it.
            }
        } catch (IOException e) {
            throw new CumpsException(Message.of(RecordText.CANNOT_REMOVE, file, SafeFiles.reasonOf(e)));
        }
    }

    /**
     * Removes the temporary files ({@code .daemon.json.<pid>.tmp}) that a writer killed between
     * writing and linking left in a record directory. Only a writer holding the name's lock creates
     * one, and the caller holds it now, so none of them belongs to a write in progress. Anything else
     * in the directory is left alone.
     */
    private static void removeLeftoverTemporaries(Path dir) throws IOException {
        if (!Files.isDirectory(dir, LinkOption.NOFOLLOW_LINKS)) {
            return;
        }
        String file = RecordStore.RECORD_FILE;
        try (DirectoryStream<Path> entries = Files.newDirectoryStream(dir, "." + file + ".*.tmp")) {
            for (Path entry : entries) {
                String middle = entry.getFileName().toString().substring(file.length() + 2);
                middle = middle.substring(0, middle.length() - ".tmp".length());
                if (middle.matches("[0-9]+") && Files.isRegularFile(entry, LinkOption.NOFOLLOW_LINKS)) {
                    Files.deleteIfExists(entry);
                }
            }
        }
    }

    private static void syncDirectory(Path dir) {
        try (FileChannel ch = FileChannel.open(dir, StandardOpenOption.READ)) {
            ch.force(true);
        } catch (IOException e) {
            // Not every filesystem lets a directory be synced; the rename itself is still atomic.
        }
    }
}
