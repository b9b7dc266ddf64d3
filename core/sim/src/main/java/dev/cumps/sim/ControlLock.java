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
 * {@code <pipe>/control_lock} (mode 0666) and, on driver branches that write one, the pid file
 * {@code <pipe>/nvidia-cuda-mps-control.pid} (the decimal pid, no newline, mode 0666), after NVIDIA MPS
 * documentation, "Appendix: Tools and Interface Reference", and NVIDIA's binaries. {@code control_lock}
 * stays behind when the daemon exits; the pid file is removed on {@code quit}, as R550 removes it.
 */
final class ControlLock {

    static final String PID_FILE = "nvidia-cuda-mps-control.pid";
    static final String LOCK_FILE = "control_lock";

    private final FileChannel channel;
    private final Path pidFile;

    private ControlLock(FileChannel channel, Path pidFile) {
        this.channel = channel;
        this.pidFile = pidFile;
    }

    /**
     * Creates {@code pipe} if missing, locks its {@code control_lock} (creating the file) and writes
     * the pid file if {@code writePidFile}. Empty when another daemon holds the lock.
     */
    static Optional<ControlLock> acquire(Path pipe, long pid, boolean writePidFile) throws IOException {
        Files.createDirectories(pipe);
        Path lockFile = pipe.resolve(LOCK_FILE);
        FileChannel channel = FileChannel.open(lockFile, StandardOpenOption.CREATE, StandardOpenOption.WRITE);
        try {
            FileLock lock = channel.tryLock();
            if (lock == null) {
                channel.close();
                return Optional.empty();
            }
            SimFiles.chmod(lockFile, 0666);
            Path pidFile = null;
            if (writePidFile) {
                pidFile = pipe.resolve(PID_FILE);
                Files.writeString(pidFile, Long.toString(pid)); // no newline, as NVIDIA writes it
                SimFiles.chmod(pidFile, 0666);
            }
            return Optional.of(new ControlLock(channel, pidFile));
        } catch (IOException | RuntimeException e) {
            channel.close();
            throw e;
        }
    }

    /** Removes the pid file (if any) and releases the lock; {@code control_lock} stays. */
    void release(boolean removePidFile) {
        if (removePidFile && pidFile != null) {
            try {
                Files.deleteIfExists(pidFile);
            } catch (IOException e) {
                // left behind, as after a crash
            }
        }
        try {
            channel.close();
        } catch (IOException e) {
            // released with the process anyway
        }
    }
}
