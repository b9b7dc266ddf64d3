package dev.cumps.core.record;

import dev.cumps.core.fs.SafeFiles;
import dev.cumps.core.fs.TrustRule;
import dev.cumps.core.message.CumpsException;
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
 * link) owned by the owner of the root and writable by neither group nor others, so nothing is written,
 * locked or moved through a link or into a directory another user controls. The root itself passes the
 * {@link TrustRule}, checked before every use.
 */
final class RecordDirectories {
    private final Path root;
    private final int uid;

    RecordDirectories(Path root, int uid) {
        this.root = root;
        this.uid = uid;
    }

    Path root() {
        return root;
    }

    /** Creates {@code dir} when missing, then refuses it (see the class comment) with the reason. */
    void privateDirectory(Path dir) throws IOException {
        checkRoot();
        createPrivateDirectories(dir);
        checkRoot();
        Optional<Message> problem = problem(dir);
        if (problem.isPresent()) {
            throw new SafeFiles.UnsafeFileException(Message.of(RecordMessages.UNSAFE_DIRECTORY, problem.get()));
        }
    }

    /**
     * Refuses a records folder that does not pass the {@link TrustRule} (another user's, writable by others,
     * a link, under folders others can change): its records could name any daemon and any pipe folder. A
     * missing root is created private on the first write, only under folders that pass.
     */
    void checkRoot() {
        Optional<Message> problem = TrustRule.exists(root) ? TrustRule.directoryProblem(root, uid) : TrustRule.parents(root, uid);
        if (problem.isPresent()) {
            throw new CumpsException(Message.of(RecordMessages.ROOT_UNTRUSTED, root, problem.get()));
        }
    }

    /** Why a directory under the root is not one the store may act in; empty when it is. */
    Optional<Message> problem(Path dir) {
        try {
            BasicFileAttributes attrs = Files.readAttributes(dir, BasicFileAttributes.class, LinkOption.NOFOLLOW_LINKS);
            if (attrs.isSymbolicLink()) {
                return Optional.of(Message.of(RecordMessages.DIRECTORY_IS_LINK, dir));
            }
            if (!attrs.isDirectory()) {
                return Optional.of(Message.of(RecordMessages.NOT_A_DIRECTORY, dir));
            }
            int owner = (Integer) Files.getAttribute(dir, "unix:uid", LinkOption.NOFOLLOW_LINKS);
            int rootOwner = (Integer) Files.getAttribute(root, "unix:uid");
            if (owner != rootOwner) {
                return Optional.of(Message.of(RecordMessages.DIRECTORY_FOREIGN_OWNER, dir, owner, rootOwner, root));
            }
            int mode = (Integer) Files.getAttribute(dir, "unix:mode", LinkOption.NOFOLLOW_LINKS);
            if ((mode & 0022) != 0) {
                return Optional.of(Message.of(RecordMessages.DIRECTORY_WRITABLE, dir, String.format("%04o", mode & 07777)));
            }
            return Optional.empty();
        } catch (IOException | UnsupportedOperationException e) {
            return Optional.of(Message.of(RecordMessages.CANNOT_INSPECT, dir, String.valueOf(e.getMessage())));
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
