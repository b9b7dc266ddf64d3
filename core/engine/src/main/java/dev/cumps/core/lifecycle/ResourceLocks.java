package dev.cumps.core.lifecycle;

import dev.cumps.core.fs.CanonicalPaths;
import dev.cumps.core.gpu.Gpu;
import dev.cumps.core.message.Message;
import dev.cumps.core.record.NameLock;
import dev.cumps.core.record.RecordLocks;
import java.nio.file.Path;
import java.time.Duration;

/**
 * The locks a start or stop takes after the record name's lock, always in this order: the pipe
 * directory (keyed by its canonical path), then the GPU (keyed by its UUID). Both wait long enough
 * for a whole start and its undo, so the loser of a race then sees the winner's record.
 */
final class ResourceLocks {
    private final RecordLocks locks;
    private final LifecycleTimeouts timeouts;

    ResourceLocks(RecordLocks locks, LifecycleTimeouts timeouts) {
        this.locks = locks;
        this.timeouts = timeouts;
    }

    /** How long a start waits for another start or stop on the same pipe directory or GPU. */
    Duration resourceWait() {
        return timeouts.launch().plus(timeouts.socket()).plus(timeouts.answer()).plus(timeouts.exit().multipliedBy(2));
    }

    /** The lock of a pipe directory; taken after the name lock. */
    NameLock lockPipe(Path pipe) {
        Message busy = Message.of(LifecycleMessages.PIPE_BUSY, pipe, resourceWait().toSeconds());
        return locks.lockResource("pipe", canonical(pipe).toString(), resourceWait(), busy);
    }

    /** The lock of a GPU; taken after the pipe lock. */
    NameLock lockGpu(Gpu gpu) {
        Message busy = Message.of(LifecycleMessages.GPU_BUSY, gpu.uuid().value(), resourceWait().toSeconds());
        return locks.lockResource("gpu", gpu.uuid().value(), resourceWait(), busy);
    }

    /** The absolute path with every existing part resolved (links, {@code ..}): one key per directory. */
    static Path canonical(Path p) {
        return CanonicalPaths.of(p);
    }
}
