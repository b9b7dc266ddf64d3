package dev.cumps.core.fs;

import dev.cumps.core.message.Message;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;

/**
 * The one rule of trust (docs/security.md): cumps reads, executes, imports, connects to or trusts only
 * what the running user or root owns and no one else can write, reached through no link. Everything
 * else is refused with the reason this class gives, or, for the shared places NVIDIA defines
 * ({@code /tmp/nvidia-mps}), reported with its owner ({@link #owner}) and never trusted.
 *
 * <p>What "no one else can write" means for a path {@code P}:
 * <ol>
 * <li>{@code P} is absolute and is not itself a symbolic link ({@code lstat});</li>
 * <li>{@code P} is owned by the caller's uid or by root, and neither group nor others may write it
 * (a directory others may write is refused even when sticky: they could add entries to it);</li>
 * <li>every folder above {@code P}, both as written and as the kernel resolves it (a link among the
 * folders above is followed only because the folder holding it passes this same check), is owned by the
 * caller or root and writable by neither group nor others, unless it is sticky like {@code /tmp}
 * (then others cannot rename or remove what they do not own). So no other user can rename {@code P},
 * or a folder above it, and put their own in its place between the check and the use.</li>
 * </ol>
 * This is OpenSSH's {@code safe_path} (group-writable refused as in its {@code StrictModes}) and the
 * parent chain systemd's {@code chase()} walks. The checks are {@code lstat}s; the callers that read or
 * write in a folder afterwards open the folder and then the file relative to it ({@link TrustedFolder}),
 * so what they act on is what was checked.
 */
public final class TrustRule {
    /** What a trusted path must be. */
    public enum Kind {
        DIRECTORY, REGULAR_FILE, SOCKET, ANY
    }

    private static final int GROUP_OR_OTHER_WRITE = 0022;
    private static final int STICKY = 01000;
    private static final int TYPE_MASK = 0170000;
    private static final int TYPE_DIRECTORY = 0040000;
    private static final int TYPE_REGULAR = 0100000;
    private static final int TYPE_LINK = 0120000;
    private static final int TYPE_SOCKET = 0140000;

    private TrustRule() {
    }

    /**
     * Why {@code uid} must not trust {@code path}; empty when it may. A missing path is a problem too
     * ({@link FsMessages#TRUST_MISSING}); callers to whom absence is fine test {@link #exists} first.
     */
    public static Optional<Message> problem(Path path, int uid, Kind kind) {
        Objects.requireNonNull(path, "path");
        if (!path.isAbsolute()) {
            return Optional.of(Message.of(FsMessages.TRUST_NOT_ABSOLUTE, path.toString()));
        }
        Map<String, Object> own;
        try {
            own = Files.readAttributes(path, "unix:mode,uid", LinkOption.NOFOLLOW_LINKS);
        } catch (NoSuchFileException e) {
            return Optional.of(Message.of(FsMessages.TRUST_MISSING, path));
        } catch (IOException | UnsupportedOperationException e) {
            return Optional.of(Message.of(FsMessages.TRUST_CANNOT_INSPECT, path, String.valueOf(e.getMessage())));
        }
        int mode = (Integer) own.get("mode");
        int owner = (Integer) own.get("uid");
        int type = mode & TYPE_MASK;
        if (type == TYPE_LINK) {
            return Optional.of(Message.of(FsMessages.TRUST_LINK, path));
        }
        if (kind == Kind.DIRECTORY && type != TYPE_DIRECTORY) {
            return Optional.of(Message.of(FsMessages.TRUST_WRONG_KIND, path, Message.of(FsMessages.TRUST_KIND_DIRECTORY)));
        }
        if (kind == Kind.REGULAR_FILE && type != TYPE_REGULAR) {
            return Optional.of(Message.of(FsMessages.TRUST_WRONG_KIND, path, Message.of(FsMessages.TRUST_KIND_REGULAR_FILE)));
        }
        if (kind == Kind.SOCKET && type != TYPE_SOCKET) {
            return Optional.of(Message.of(FsMessages.TRUST_WRONG_KIND, path, Message.of(FsMessages.KIND_SOCKET)));
        }
        Optional<Message> mine = ownerAndMode(path, owner, mode, uid);
        if (mine.isPresent()) {
            return mine;
        }
        return parents(path, uid);
    }

    /** {@link #problem} of a directory. */
    public static Optional<Message> directoryProblem(Path path, int uid) {
        return problem(path, uid, Kind.DIRECTORY);
    }

    /** Whether anything (a link included) stands at {@code path}. */
    public static boolean exists(Path path) {
        return Files.exists(path, LinkOption.NOFOLLOW_LINKS);
    }

    /** Whether {@code owner} and {@code mode} of one path pass the rule for {@code uid} (the path itself, not its folders). */
    public static Optional<Message> ownerAndMode(Path path, int owner, int mode, int uid) {
        if (owner != uid && owner != 0) {
            return Optional.of(Message.of(FsMessages.TRUST_FOREIGN_OWNER, path, Integer.toUnsignedString(owner),
                    Integer.toUnsignedString(uid)));
        }
        if ((mode & GROUP_OR_OTHER_WRITE) != 0) {
            return Optional.of(Message.of(FsMessages.TRUST_WRITABLE, path, octal(mode)));
        }
        return Optional.empty();
    }

    /**
     * Why the folders above {@code path} do not pass the rule (see the class comment, point 3): as written,
     * then as resolved. Folders not created yet are skipped (their creator is then held to the ones above).
     * Reads only.
     */
    public static Optional<Message> parents(Path path, int uid) {
        Path deepest = null;
        for (Path p = path.getParent(); p != null; p = p.getParent()) {
            if (!Files.exists(p)) {
                if (Files.exists(p, LinkOption.NOFOLLOW_LINKS)) {
                    return Optional.of(Message.of(FsMessages.TRUST_CANNOT_INSPECT, p, "a link to nothing"));
                }
                continue; // not created yet: whoever creates it must pass the folders above it
            }
            if (deepest == null) {
                deepest = p;
            }
            Optional<Message> problem = folderAbove(path, p, uid);
            if (problem.isPresent()) {
                return problem;
            }
        }
        if (deepest == null) {
            return Optional.empty();
        }
        Path real;
        try {
            real = deepest.toRealPath();
        } catch (IOException e) {
            return Optional.of(Message.of(FsMessages.TRUST_CANNOT_INSPECT, deepest, String.valueOf(e.getMessage())));
        }
        if (!real.equals(deepest)) {
            for (Path p = real; p != null; p = p.getParent()) {
                Optional<Message> problem = folderAbove(path, p, uid);
                if (problem.isPresent()) {
                    return problem;
                }
            }
        }
        return Optional.empty();
    }

    private static Optional<Message> folderAbove(Path path, Path folder, int uid) {
        Map<String, Object> a;
        try {
            // Followed on purpose: a link among the folders above is as safe as the folder that holds it,
            // which is checked in its turn, and the resolved chain is checked as well.
            a = Files.readAttributes(folder, "unix:mode,uid");
        } catch (IOException | UnsupportedOperationException e) {
            return Optional.of(Message.of(FsMessages.TRUST_CANNOT_INSPECT, folder, String.valueOf(e.getMessage())));
        }
        int mode = (Integer) a.get("mode");
        int owner = (Integer) a.get("uid");
        if (owner != uid && owner != 0) {
            return Optional.of(Message.of(FsMessages.TRUST_PARENT_FOREIGN_OWNER, path, folder, Integer.toUnsignedString(owner)));
        }
        if ((mode & GROUP_OR_OTHER_WRITE) != 0 && (mode & STICKY) == 0) {
            return Optional.of(Message.of(FsMessages.TRUST_PARENT_WRITABLE, path, folder, octal(mode)));
        }
        return Optional.empty();
    }

    /**
     * The uid owning {@code path} itself (not following a link), for reporting a shared place the rule
     * does not trust; empty when nothing is there or it cannot be inspected.
     */
    public static Optional<Integer> owner(Path path) {
        try {
            return Optional.of((Integer) Files.getAttribute(path, "unix:uid", LinkOption.NOFOLLOW_LINKS));
        } catch (IOException | UnsupportedOperationException | IllegalArgumentException e) {
            return Optional.empty();
        }
    }

    /** Whether {@code owner} is {@code uid} or root: the only owners the rule accepts. */
    public static boolean acceptedOwner(long owner, int uid) {
        return owner == Integer.toUnsignedLong(uid) || owner == 0;
    }

    static String octal(int mode) {
        return String.format("%04o", mode & 07777);
    }
}
