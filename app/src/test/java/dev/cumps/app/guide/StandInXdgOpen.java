package dev.cumps.app.guide;

import dev.cumps.app.Waits;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.List;

/**
 * A stand-in {@code xdg-open} in a folder of its own, for a PATH a test injects: it records its pid
 * and arguments (written whole, then moved into place) and keeps running, as a browser would, until
 * the test ends it by pid ({@link #end}).
 */
public final class StandInXdgOpen {
    private final Path bin;
    private final Path record;
    private long pid = -1;

    private StandInXdgOpen(Path bin, Path record) {
        this.bin = bin;
        this.record = record;
    }

    /** Writes {@code dir/bin/xdg-open}, which will record into {@code dir/xdg-open.args}. */
    public static StandInXdgOpen in(Path dir) throws IOException {
        Path bin = Files.createDirectories(dir.resolve("bin"));
        Path record = dir.resolve("xdg-open.args");
        Path xdg = bin.resolve("xdg-open");
        Files.writeString(xdg, String.join("\n", "#!/bin/sh",
                "printf '%s\\n' \"$$\" \"$@\" > '" + record + ".part' && mv '" + record + ".part' '" + record + "'",
                "exec sleep 600", ""), StandardCharsets.UTF_8);
        Files.setPosixFilePermissions(xdg, PosixFilePermissions.fromString("rwx------"));
        return new StandInXdgOpen(bin, record);
    }

    /** The folder holding it, for the front of an injected PATH. */
    public Path bin() {
        return bin;
    }

    /** Whether it has run (its record is there). */
    public boolean ran() {
        return Files.exists(record);
    }

    /** Waits for its record; returns the arguments it got, and keeps its pid for {@link #alive} and {@link #end}. */
    public List<String> arguments() throws IOException {
        Waits.until("the stand-in xdg-open's record", this::ran);
        List<String> lines = Files.readAllLines(record);
        pid = Long.parseLong(lines.get(0));
        return lines.subList(1, lines.size());
    }

    /** Whether the process that wrote the record still runs. */
    public boolean alive() {
        return pid > 0 && ProcessHandle.of(pid).map(ProcessHandle::isAlive).orElse(false);
    }

    /** Ends the process that wrote the record, if any, by its pid, and waits until it has ended. */
    public void end() {
        if (pid > 0) {
            long started = pid;
            ProcessHandle.of(started).ifPresent(ProcessHandle::destroy);
            Waits.until("the stand-in xdg-open (pid " + started + ") to end",
                    () -> ProcessHandle.of(started).map(h -> !h.isAlive()).orElse(true));
        }
    }
}
