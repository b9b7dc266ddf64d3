package dev.cumps.core.mps;

import dev.cumps.core.fs.TrustRule;
import java.nio.file.Path;
import java.util.OptionalInt;

/**
 * Whose control pipe a pipe directory holds: the owner of its {@code control} socket (or FIFO), not
 * following a link. NVIDIA's default {@code /tmp/nvidia-mps} is a shared place: anyone can create it
 * first, and NVIDIA's daemon makes it writable by everyone. cumps still reads what its daemon says (capped,
 * read-only), but when that socket is neither the caller's nor root's, it names the owner and takes none
 * of its answers as fact about the caller (docs/security.md).
 */
public final class PipeOwner {
    private PipeOwner() {
    }

    /** The uid owning the control pipe in {@code pipeDirectory}; empty when there is none. */
    public static OptionalInt of(Path pipeDirectory) {
        return TrustRule.owner(pipeDirectory.resolve(ControlPipe.CONTROL)).map(OptionalInt::of).orElse(OptionalInt.empty());
    }

    /** The owner when it is neither {@code uid} nor root: a pipe whose answers are not trusted; empty otherwise. */
    public static OptionalInt foreign(Path pipeDirectory, int uid) {
        OptionalInt owner = of(pipeDirectory);
        return owner.isPresent() && !TrustRule.acceptedOwner(Integer.toUnsignedLong(owner.getAsInt()), uid) ? owner : OptionalInt.empty();
    }
}
