package dev.cumps.sim;

import dev.cumps.core.message.CumpsException;
import dev.cumps.core.message.Message;
import dev.cumps.core.mps.RuntimeDirs;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.Path;

/**
 * The checks a simulation sandbox passes before anything is written into it or run from it: the
 * folder is a real directory (not a link), owned by the caller, mode 0700; and no folder above it
 * can be changed by anyone but its owner (root or the caller), unless it is sticky like {@code /tmp}.
 * A sandbox that fails is refused, never repaired or reused: another local user who prepared it
 * could otherwise run code as the caller through the stand-in tools.
 */
final class SandboxCheck {
    private static final int GROUP_OR_OTHER = 0077;
    private static final int TYPE_MASK = 0170000;
    private static final int DIRECTORY = 0040000;

    private SandboxCheck() {
    }

    /** Refuses {@code root} unless it is the caller's private directory under safe parents. */
    static void requirePrivate(Path root, int uid) {
        requireSafeParents(root, uid);
        if (Files.isSymbolicLink(root)) {
            throw new CumpsException(Message.of(SimMessages.SANDBOX_IS_LINK, root));
        }
        int mode;
        int owner;
        try {
            mode = (Integer) Files.getAttribute(root, "unix:mode", LinkOption.NOFOLLOW_LINKS);
            owner = (Integer) Files.getAttribute(root, "unix:uid", LinkOption.NOFOLLOW_LINKS);
        } catch (IOException | UnsupportedOperationException e) {
            throw new CumpsException(Message.of(SimMessages.SANDBOX_CANNOT_INSPECT, root, String.valueOf(e.getMessage())));
        }
        if ((mode & TYPE_MASK) != DIRECTORY) {
            throw new CumpsException(Message.of(SimMessages.SANDBOX_NOT_DIRECTORY, root));
        }
        if (owner != uid) {
            throw new CumpsException(Message.of(SimMessages.SANDBOX_FOREIGN_OWNER, root, owner, uid));
        }
        if ((mode & GROUP_OR_OTHER) != 0) {
            throw new CumpsException(Message.of(SimMessages.SANDBOX_OPEN_MODE, root, Integer.toOctalString(mode & 07777)));
        }
    }

    /**
     * Refuses when a folder above {@code root} (as written and as the kernel resolves it) is owned by
     * another user, or is writable by group or others without the sticky bit: the same parent-chain
     * rule as the runtime directories ({@link RuntimeDirs#checkParentChain}).
     */
    static void requireSafeParents(Path root, int uid) {
        try {
            RuntimeDirs.checkParentChain(root, uid);
        } catch (CumpsException e) {
            Object why = e.errorMessage();
            throw new CumpsException(Message.of(SimMessages.SANDBOX_UNSAFE_PARENT, why));
        }
    }
}
