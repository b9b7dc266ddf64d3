package dev.cumps.core.record;

import dev.cumps.core.fs.SafeFiles;
import dev.cumps.core.message.CumpsException;
import dev.cumps.core.message.Message;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.time.Clock;

/**
 * Moves the directory of a stale or unreadable record aside to {@code .stale/<name>-<epoch ms>}
 * (with {@code -<n>} appended when that exists), in one atomic rename: it is kept for the user to
 * read, never deleted. The caller holds the name's lock.
 */
final class RecordQuarantine {
    private final RecordDirectories directories;
    private final Clock clock;

    RecordQuarantine(RecordDirectories directories, Clock clock) {
        this.directories = directories;
        this.clock = clock;
    }

    /** Moves {@code <root>/<name>} aside; returns where it went. */
    Path quarantine(String name) {
        Path root = directories.root();
        Path dir = root.resolve(RecordNames.validate(name));
        Path staleRoot = root.resolve(RecordStore.STALE_DIR);
        Path target = staleRoot.resolve(name + "-" + clock.millis());
        for (int n = 1; Files.exists(target, LinkOption.NOFOLLOW_LINKS); n++) {
            target = staleRoot.resolve(name + "-" + clock.millis() + "-" + n);
        }
        try {
            directories.privateDirectory(staleRoot);
            Files.move(dir, target, StandardCopyOption.ATOMIC_MOVE);
            return target;
        } catch (IOException e) {
            throw new CumpsException(Message.of(RecordText.CANNOT_QUARANTINE, dir, target, SafeFiles.reasonOf(e)));
        }
    }
}
