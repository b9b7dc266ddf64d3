package dev.cumps.sim;

import java.io.IOException;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.time.LocalDateTime;
import java.time.format.DateTimeFormatter;
import java.util.Locale;

/**
 * Appends lines to an MPS log file in NVIDIA's format, {@code [2013-08-05 12:50:23.347 Control 13894] text}:
 * local time to the millisecond, the role ({@code Control} or {@code Server}) and the pid right-aligned
 * in five columns, as in NVIDIA MPS documentation, "Appendix: Logging"
 * (https://docs.nvidia.com/deploy/mps/latest/appendix-logging.html) and in real control.log files.
 */
final class ControlLog {

    private static final DateTimeFormatter TIME = DateTimeFormatter.ofPattern("yyyy-MM-dd HH:mm:ss.SSS", Locale.ROOT);

    private final Path file;
    private final String role;
    private final long pid;
    private final PrintStream echo;

    /**
     * @param file where lines are appended, or {@code null} (NVIDIA's {@code -f} daemon writes no log file)
     * @param echo where lines are also printed (the foreground daemon's stdout), or {@code null}
     */
    ControlLog(Path file, String role, long pid, PrintStream echo) {
        this.file = file;
        this.role = role;
        this.pid = pid;
        this.echo = echo;
    }

    static String format(LocalDateTime time, String role, long pid, String message) {
        return String.format(Locale.ROOT, "[%s %s %5d] %s", TIME.format(time), role, pid, message);
    }

    /** {@code message} as a line of this log, stamped now. */
    String line(String message) {
        return format(LocalDateTime.now(), role, pid, message);
    }

    /** Appends {@code message} if the log directory exists, saying nothing otherwise. */
    void appendQuietly(String message) {
        if (file != null && Files.isDirectory(file.getParent())) {
            try {
                Files.writeString(file, line(message) + "\n", StandardCharsets.UTF_8, StandardOpenOption.CREATE,
                        StandardOpenOption.APPEND, StandardOpenOption.WRITE);
            } catch (IOException e) {
                // as NVIDIA's, a log that cannot be written is no reason to fail
            }
        }
    }

    synchronized void append(String message) {
        write(line(message));
    }

    /** Writes {@code line}, already stamped by whoever wrote it (a line read from the {@link LogFifo}), as it is. */
    synchronized void write(String line) {
        if (file != null) {
            try {
                Files.writeString(file, line + "\n", StandardCharsets.UTF_8, StandardOpenOption.CREATE,
                        StandardOpenOption.APPEND, StandardOpenOption.WRITE);
            } catch (IOException e) {
                System.err.println("cannot write " + file + ": " + e.getMessage());
            }
        }
        if (echo != null) {
            echo.print(line + "\n");
            echo.flush();
        }
    }
}
