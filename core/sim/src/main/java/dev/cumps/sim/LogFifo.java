package dev.cumps.sim;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.nio.ByteBuffer;
import java.nio.channels.Channels;
import java.nio.channels.FileChannel;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.function.Consumer;

/**
 * The FIFO {@code <pipe>/log} (mode 0777) that NVIDIA's control daemon keeps while it runs: other processes
 * write their {@code server.log} lines into it, and the daemon writes what it reads to {@code server.log}
 * (with {@code -d}) or to its standard output (with {@code -f}). Measured with NVIDIA's binaries (R470 to
 * R555): a refused {@code -d} or {@code -f}'s {@code [... Other <pid>] Using log directory: <log>} line
 * appears in {@code server.log} of a {@code -d} daemon, on the stdout of a {@code -f} one, and nowhere
 * once the FIFO is removed. The stand-in's servers log through it too.
 */
final class LogFifo {

    /** The FIFO's name in the pipe directory. */
    static final String NAME = "log";

    private static final int S_IFMT = 0170000;
    private static final int S_IFIFO = 0010000;

    private final FileChannel channel;

    private LogFifo(FileChannel channel) {
        this.channel = channel;
    }

    /**
     * Hands {@code line} to the daemon that reads {@code <pipe>/log}, if there is that FIFO; says nothing
     * otherwise. The FIFO is opened for reading and writing, which never blocks (a write-only open waits
     * for a reader); when no daemon reads it, the line goes with the pipe, as NVIDIA's is dropped.
     */
    static void send(Path pipe, String line) {
        Path fifo = pipe.resolve(NAME);
        try {
            int mode = (Integer) Files.getAttribute(fifo, "unix:mode", LinkOption.NOFOLLOW_LINKS);
            if ((mode & S_IFMT) != S_IFIFO) {
                return;
            }
            try (FileChannel out = FileChannel.open(fifo, StandardOpenOption.READ, StandardOpenOption.WRITE)) {
                ByteBuffer bytes = ByteBuffer.wrap((line + "\n").getBytes(StandardCharsets.UTF_8));
                while (bytes.hasRemaining()) {
                    out.write(bytes);
                }
            }
        } catch (IOException | RuntimeException e) {
            // no FIFO (no daemon, or one that has not made it yet): the line is lost, as NVIDIA's is
        }
    }

    /**
     * Reads the FIFO {@code fifo} (already made) on a daemon thread and gives each line to {@code sink} until
     * {@link #close()}. It is held open for writing too, so that it never reads an end of file between writers.
     */
    static LogFifo relay(Path fifo, Consumer<String> sink) throws IOException {
        FileChannel channel = FileChannel.open(fifo, StandardOpenOption.READ, StandardOpenOption.WRITE);
        Thread reader = new Thread(() -> {
            try (BufferedReader in = new BufferedReader(new InputStreamReader(Channels.newInputStream(channel),
                    StandardCharsets.UTF_8))) {
                String line;
                while ((line = in.readLine()) != null) {
                    sink.accept(line);
                }
            } catch (IOException e) {
                // closed: the daemon is stopping
            }
        }, "mps-log-fifo");
        reader.setDaemon(true);
        reader.start();
        return new LogFifo(channel);
    }

    /** Stops reading; the FIFO file itself is the daemon's to remove. */
    void close() {
        try {
            channel.close();
        } catch (IOException e) {
            // closed with the process anyway
        }
    }
}
