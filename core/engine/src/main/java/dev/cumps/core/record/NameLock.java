package dev.cumps.core.record;

import java.io.IOException;
import java.nio.channels.FileChannel;
import java.nio.channels.FileLock;
import java.util.concurrent.atomic.AtomicBoolean;

/**
 * A held lock from {@link RecordLocks}: of a daemon name, or of a shared resource (a pipe directory,
 * a GPU); {@link #name()} is the name or the resource's lock key. Closing releases it, once.
 */
public final class NameLock implements AutoCloseable {
    private final String name;
    private final FileChannel channel;
    private final FileLock lock;
    private final Runnable forget;
    private final AtomicBoolean open = new AtomicBoolean(true);

    NameLock(String name, FileChannel channel, FileLock lock, Runnable forget) {
        this.name = name;
        this.channel = channel;
        this.lock = lock;
        this.forget = forget;
    }

    public String name() {
        return name;
    }

    @Override
    public void close() {
        if (!open.getAndSet(false)) {
            return;
        }
        try {
            lock.release();
        } catch (IOException ignored) {
            // Closing the channel below releases it as well.
        }
        closeQuietly(channel);
        forget.run();
    }

    static void closeQuietly(FileChannel channel) {
        if (channel != null) {
            try {
                channel.close();
            } catch (IOException ignored) {
                // Nothing was locked through it.
            }
        }
    }
}
