package dev.cumps.core.record;

import dev.cumps.core.fs.SafeFiles;
import dev.cumps.core.message.Message;
import java.io.IOException;
import java.nio.file.FileAlreadyExistsException;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.Path;
import java.nio.file.attribute.BasicFileAttributes;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.Optional;

/**
 * The directories under a record root that the store acts in ({@code <name>}, {@code .locks},
 * {@code .stale}): created 0700 when missing, and refused unless each is a real directory (not a
 * link) owned by the owner of the root, so nothing is written, locked or moved through a link or into
 * a directory another user controls.
 */
final class RecordDirectories {
    private final Path root;

    RecordDirectories(Path root) {
        this.root = root;
    }

    Path root() {
        return root;
    }

    /** Creates {@code dir} when missing, then refuses it (see the class comment) with the reason. */
    void privateDirectory(Path dir) throws IOException {
        createPrivateDirectories(dir);
        Optional<Message> problem = problem(dir);
        if (problem.isPresent()) {
            throw new SafeFiles.UnsafeFileException(Message.of(RecordText.UNSAFE_DIRECTORY, problem.get()));
        }
    }

    /** Why a directory under the root is not one the store may act in; empty when it is. */
    Optional<Message> problem(Path dir) {
        try {
            BasicFileAttributes attrs = Files.readAttributes(dir, BasicFileAttributes.class, LinkOption.NOFOLLOW_LINKS);
            if (attrs.isSymbolicLink()) {
                return Optional.of(Message.of(RecordText.DIRECTORY_IS_LINK, dir));
            }
            if (!attrs.isDirectory()) {
                return Optional.of(Message.of(RecordText.NOT_A_DIRECTORY, dir));
            }
            int owner = (Integer) Files.getAttribute(dir, "unix:uid", LinkOption.NOFOLLOW_LINKS);
            int rootOwner = (Integer) Files.getAttribute(root, "unix:uid");
            if (owner != rootOwner) {
                return Optional.of(Message.of(RecordText.DIRECTORY_FOREIGN_OWNER, dir, owner, rootOwner, root));
            }
            return Optional.empty();
        } catch (IOException | UnsupportedOperationException e) {
            return Optional.of(Message.of(RecordText.CANNOT_INSPECT, dir, String.valueOf(e.getMessage())));
        }
    }

    /** Creates missing directories (and parents) as 0700; existing ones are left as they are. */
    private static void createPrivateDirectories(Path dir) throws IOException {
        if (Files.isDirectory(dir, LinkOption.NOFOLLOW_LINKS)) {
            return;
        }
        Path parent = dir.getParent();
        if (parent != null && !Files.isDirectory(parent)) {
            createPrivateDirectories(parent);
        }
        try {
            Files.createDirectory(dir, PosixFilePermissions.asFileAttribute(PosixFilePermissions.fromString("rwx------")));
        } catch (FileAlreadyExistsException e) {
            if (!Files.isDirectory(dir)) {
                throw e;
            }
        }
    }
}
