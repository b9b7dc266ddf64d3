package dev.cumps.core.fs;

import dev.cumps.core.message.Message;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.file.FileSystemException;
import java.time.Duration;
import java.util.Arrays;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.ThreadFactory;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * The open-and-read step of a {@link SafeFiles} read: bounded reads of a channel, run on a worker and waits for it at most a
 * deadline, so a FIFO swapped in after the type check can never hang the caller (the class comment
 * of {@link SafeFiles} explains why). Workers are daemon threads of one shared pool: an abandoned
 * read does not keep the JVM alive.
 */
final class BoundedRead {
    private static final ExecutorService READERS = Executors.newCachedThreadPool(new DaemonThreads());

    private BoundedRead() {
    }

    /** One read that may throw. */
    @FunctionalInterface
    interface IoTask<T> {
        T run() throws IOException;
    }

    /**
     * Runs {@code task} on a worker and waits for it at most {@code deadline}. The wait is not cut
     * short by an interrupt (a file read is not interruptible either, and undo paths that run with an
     * interrupt pending must still read the pid file); the interrupt is handed back afterwards. An
     * {@code ELOOP} from the no-follow open becomes "is a symbolic link".
     */
    static <T> T within(Duration deadline, IoTask<T> task) throws IOException {
        Future<T> future = READERS.submit(task::run);
        boolean interrupted = false;
        long end = System.nanoTime() + deadline.toNanos();
        try {
            while (true) {
                try {
                    return future.get(Math.max(0, end - System.nanoTime()), TimeUnit.NANOSECONDS);
                } catch (InterruptedException e) {
                    interrupted = true;
                }
            }
        } catch (TimeoutException e) {
            future.cancel(true);
            String limit = deadline.toMillis() % 1000 == 0 ? deadline.toSeconds() + " s" : deadline.toMillis() + " ms";
            throw new SafeFiles.UnsafeFileException(Message.of(FsMessages.NOT_READ_IN_TIME, limit));
        } catch (ExecutionException e) {
            throw unwrap(e.getCause());
        } finally {
            if (interrupted) {
                Thread.currentThread().interrupt();
            }
        }
    }

    static byte[] readUpTo(FileChannel ch, int max) throws IOException {
        return readUpTo(ch, max, max);
    }

    /**
     * Up to {@code max} bytes from the channel's position. The buffer starts at the size the file had
     * when it was checked ({@code expected}) plus one byte, and grows (up to {@code max}) only if the
     * file grew: a record of a few hundred bytes no longer allocates the whole cap (docs/performance.md).
     */
    static byte[] readUpTo(FileChannel ch, int max, long expected) throws IOException {
        int cap = Math.max(0, max);
        ByteBuffer buffer = ByteBuffer.allocate((int) Math.min(cap, Math.max(1L, expected + 1)));
        while (true) {
            while (buffer.hasRemaining() && ch.read(buffer) > 0) {
                // until the buffer is full or the end of the file
            }
            if (buffer.hasRemaining() || buffer.capacity() >= cap) {
                break;
            }
            ByteBuffer bigger = ByteBuffer.allocate((int) Math.min(cap, buffer.capacity() * 2L));
            buffer.flip();
            bigger.put(buffer);
            buffer = bigger;
        }
        return Arrays.copyOf(buffer.array(), buffer.position());
    }

    private static IOException unwrap(Throwable cause) {
        if (cause instanceof IOException io) {
            if (isLinkLoop(io)) {
                return new SafeFiles.UnsafeFileException(Message.of(FsMessages.IS_SYMBOLIC_LINK));
            }
            return io;
        }
        if (cause instanceof RuntimeException re) {
            throw re;
        }
        if (cause instanceof Error err) {
            throw err;
        }
        return new IOException(cause);
    }

    /**
     * Whether an open failed with {@code ELOOP}: the no-follow open met a symbolic link. JDK 17 reports that as a plain
     * {@link IOException} whose text is the system's words (in the locale's language) plus its own
     * {@code (NOFOLLOW_LINKS specified)}; other paths give a {@link FileSystemException} with the English reason.
     */
    static boolean isLinkLoop(IOException e) {
        String text = e instanceof FileSystemException fs ? fs.getReason() : e.getMessage();
        return text != null && (text.contains("Too many levels of symbolic links") || text.endsWith("(NOFOLLOW_LINKS specified)"));
    }

    private static final class DaemonThreads implements ThreadFactory {
        private final AtomicInteger count = new AtomicInteger();

        @Override
        public Thread newThread(Runnable r) {
            Thread t = new Thread(r, "cumps-safe-read-" + count.incrementAndGet());
            t.setDaemon(true);
            return t;
        }
    }
}
