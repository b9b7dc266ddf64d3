package dev.cumps.core.record;

import dev.cumps.core.fs.SafeFiles;
import dev.cumps.core.message.CumpsException;
import dev.cumps.core.message.Message;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.DirectoryStream;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Optional;

/**
 * Lists and looks up records, scoped to one uid and host. Reads go through {@link SafeFiles} and
 * {@link RecordCodec}; whatever cannot be read is reported as {@link UnreadableRecord} with the
 * reason, never skipped silently and never acted on.
 */
final class RecordReader {
    private final RecordDirectories directories;
    private final int uid;
    private final String host;

    RecordReader(RecordDirectories directories, int uid, String host) {
        this.directories = directories;
        this.uid = uid;
        this.host = host;
    }

    /** Records of this user and host, sorted by name, plus every daemon.json that could not be read. */
    RecordListing list() {
        Path root = directories.root();
        List<DaemonRecord> mine = new ArrayList<>();
        List<UnreadableRecord> unreadable = new ArrayList<>();
        if (!Files.isDirectory(root)) {
            return new RecordListing(mine, unreadable);
        }
        List<Path> dirs = new ArrayList<>();
        try (DirectoryStream<Path> stream = Files.newDirectoryStream(root)) {
            stream.forEach(dirs::add);
        } catch (IOException e) {
            throw new CumpsException(Message.of(RecordMessages.CANNOT_LIST, root, String.valueOf(e.getMessage())));
        }
        dirs.sort(Comparator.comparing(p -> p.getFileName().toString()));
        for (Path dir : dirs) {
            String name = dir.getFileName().toString();
            // Anything named daemon.json counts, whatever its type: a FIFO or a link there is listed
            // as unreadable (with the reason) rather than hidden. Nothing here opens or follows it.
            if (name.startsWith(".") || !Files.exists(dir.resolve(RecordStore.RECORD_FILE), LinkOption.NOFOLLOW_LINKS)) {
                continue;
            }
            if (RecordNames.problem(name).isPresent()) {
                unreadable.add(new UnreadableRecord(name, dir.resolve(RecordStore.RECORD_FILE),
                        Message.of(RecordMessages.DIRECTORY_NAME_INVALID, name)));
                continue;
            }
            RecordLookup result = lookup(name, dir.resolve(RecordStore.RECORD_FILE));
            if (result instanceof RecordLookup.Found found) {
                mine.add(found.record());
            } else if (result instanceof RecordLookup.Unreadable u) {
                unreadable.add(u.record());
            }
        }
        return new RecordListing(mine, unreadable);
    }

    /** Looks up the record of a valid {@code name}, whose file is {@code file}. */
    RecordLookup lookup(String name, Path file) {
        if (Files.isSymbolicLink(file.getParent()) || Files.isDirectory(file.getParent(), LinkOption.NOFOLLOW_LINKS)) {
            // Even without a daemon.json in it: a start would otherwise write its record through it.
            Optional<Message> problem = directories.problem(file.getParent());
            if (problem.isPresent()) {
                return new RecordLookup.Unreadable(new UnreadableRecord(name, file, problem.get()));
            }
        }
        byte[] bytes;
        try {
            bytes = SafeFiles.readAll(file, SafeFiles.RECORD_LIMIT_BYTES);
        } catch (NoSuchFileException e) {
            return new RecordLookup.Missing(name);
        } catch (SafeFiles.UnsafeFileException e) {
            return new RecordLookup.Unreadable(new UnreadableRecord(name, file, e.reason()));
        } catch (IOException | UncheckedIOException e) {
            return new RecordLookup.Unreadable(new UnreadableRecord(name, file,
                    Message.of(RecordMessages.CANNOT_READ, String.valueOf(e.getMessage()))));
        }
        DaemonRecord record;
        try {
            record = RecordCodec.decode(bytes);
        } catch (CumpsException e) {
            // RecordCodec and Json raise every refusal with a message.
            Message reason = e.errorMessage();
            return new RecordLookup.Unreadable(new UnreadableRecord(name, file, reason));
        }
        if (record.uid() != uid || !record.host().equals(host)) {
            return new RecordLookup.Foreign(name, record);
        }
        if (!record.name().equals(name)) {
            return new RecordLookup.Unreadable(new UnreadableRecord(name, file,
                    Message.of(RecordMessages.NAME_MISMATCH, record.name(), name)));
        }
        return new RecordLookup.Found(record);
    }
}
