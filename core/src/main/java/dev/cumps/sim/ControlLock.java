package dev.cumps.sim;

import java.io.IOException;
import java.nio.channels.FileChannel;
import java.nio.channels.FileLock;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.Optional;

/**
 * The control daemon stand-in's claim on its pipe directory: an exclusive lock on
 * {@code <pipe>/control_lock} and the pid file {@code <pipe>/nvidia-cuda-mps-control.pid} (decimal
 * pid and a newline), after NVIDIA MPS documentation, "Appendix: Tools and Interface Reference".
 * Both files stay behind when the daemon exits, as the real daemon's do.
 */
final class ControlLock {

    static final String PID_FILE = "nvidia-cuda-mps-control.pid";
    static final String LOCK_FILE = "control_lock";

    private final FileChannel channel;

    private ControlLock(FileChannel channel) {
        this.channel = channel;
    }

    /**
     * Creates {@code pipe} if missing, locks its {@code control_lock} (creating the file) and writes
     * the pid file. Empty when another daemon holds the lock.
     */
    static Optional<ControlLock> acquire(Path pipe, long pid) throws IOException {
        Files.createDirectories(pipe);
        FileChannel channel = FileChannel.open(pipe.resolve(LOCK_FILE), StandardOpenOption.CREATE,
                StandardOpenOption.WRITE);
        try {
            FileLock lock = channel.tryLock();
            if (lock == null) {
                channel.close();
                return Optional.empty();
            }
            Files.writeString(pipe.resolve(PID_FILE), pid + "\n");
            return Optional.of(new ControlLock(channel));
        } catch (IOException | RuntimeException e) {
            channel.close();
            throw e;
        }
    }

    /** Releases the lock; the files stay. */
    void release() {
        try {
            channel.close();
        } catch (IOException e) {
            // released with the process anyway
        }
    }
}
