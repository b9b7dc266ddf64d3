package dev.cumps.core.record;

import dev.cumps.core.mps.RuntimeDirs;
import dev.cumps.core.proc.ProcessTable;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.InvalidPathException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Objects;
import java.util.Optional;

/**
 * Whether a record's daemon may be told anything through the record's pipe directory: its pid runs
 * with the recorded {@code /proc} start time, and it is the daemon serving that directory (the
 * directory's pid file names it, and its environment was started on the directory). A command sent
 * on the pipe goes to whatever serves it, so a record naming one daemon's pid and another's pipe
 * directory (pid file missing, a link, or forged) must not reach the other daemon. {@code stop}
 * and {@code limits --set-*} ask this right before they send anything, with the record's name
 * lock held; the caller has already checked that the record is this user's on this host.
 */
public final class DaemonVerification {
    private static final String PIPE_VARIABLE = "CUDA_MPS_PIPE_DIRECTORY";

    /** What the verification found; only {@link Verified} allows sending. */
    public sealed interface Verdict {
    }

    /** The recorded daemon runs and serves the record's pipe directory. */
    public record Verified() implements Verdict {
    }

    /** The pid is gone or now belongs to another process (start time differs). */
    public record Stale() implements Verdict {
    }

    /** The pipe directory's pid file names another process. */
    public record ServedByOther(long servedPid) implements Verdict {
    }

    /** The recorded process was started on another pipe directory. */
    public record NotOnPipe() implements Verdict {
    }

    /** Neither the pid file nor the process's environment says which daemon serves the directory. */
    public record Unverifiable() implements Verdict {
    }

    private final ProcessTable processes;
    private final Liveness liveness;

    public DaemonVerification(ProcessTable processes) {
        this.processes = Objects.requireNonNull(processes, "processes");
        this.liveness = new Liveness(processes);
    }

    /** Verifies {@code record} now; call with its name lock held, right before sending. */
    public Verdict verify(DaemonRecord record) {
        if (!liveness.assess(record).live()) {
            return new Stale();
        }
        Optional<Long> served = RuntimeDirs.readPidFile(record.pipeDirectory());
        if (served.isPresent() && served.get() != record.pid()) {
            return new ServedByOther(served.get());
        }
        Optional<Boolean> startedOn = startedOn(record);
        if (startedOn.isPresent() && !startedOn.get()) {
            return new NotOnPipe();
        }
        if (served.isEmpty() && startedOn.isEmpty()) {
            return new Unverifiable();
        }
        return new Verified();
    }

    /**
     * Whether the recorded process was started on the record's pipe directory, as its environment
     * ({@code CUDA_MPS_PIPE_DIRECTORY}) shows; empty when the environment is unreadable or lacks it.
     */
    private Optional<Boolean> startedOn(DaemonRecord record) {
        Optional<String> value = processes.environment(record.pid()).map(env -> env.get(PIPE_VARIABLE)).filter(v -> !v.isEmpty());
        if (value.isEmpty()) {
            return Optional.empty();
        }
        try {
            return Optional.of(canonical(Path.of(value.get())).equals(canonical(record.pipeDirectory())));
        } catch (InvalidPathException e) {
            return Optional.of(false);
        }
    }

    /** The absolute path with every existing part resolved (links, {@code ..}): one key per directory. */
    public static Path canonical(Path p) {
        Path abs = p.toAbsolutePath().normalize();
        Path existing = abs;
        List<Path> rest = new ArrayList<>();
        while (existing.getParent() != null && !Files.exists(existing)) {
            rest.add(0, existing.getFileName());
            existing = existing.getParent();
        }
        try {
            Path resolved = existing.toRealPath();
            for (Path part : rest) {
                resolved = resolved.resolve(part);
            }
            return resolved;
        } catch (IOException e) {
            return abs;
        }
    }
}
