package dev.cumps.core.mps;

import dev.cumps.core.fs.CanonicalPaths;
import dev.cumps.core.proc.ProcessInfo;
import dev.cumps.core.proc.ProcessTable;
import java.nio.file.InvalidPathException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Evidence of which process is the control daemon serving a pipe directory that does not rely on
 * the daemon's pid file: NVIDIA's R535 daemon writes none, R550 and later write one (mode 0666).
 * Each piece is something only the user can shape (decision 0010):
 *
 * <ul>
 *   <li>the {@code [… Control <pid>] Starting control daemon using socket <pipe>/control} line that
 *       every driver branch writes to {@code control.log} in the daemon's private log directory;</li>
 *   <li>the user's own {@code /proc/<pid>} entries named {@code nvidia-cuda-mps…} whose environment
 *       holds this {@code CUDA_MPS_PIPE_DIRECTORY} (another user's environment cannot be read).</li>
 * </ul>
 *
 * A start cross-checks the log line (and the pid file where there is one) against the process's own
 * environment, which carries the launch's nonce; see {@code lifecycle.LaunchIdentity}.
 */
public final class DaemonPids {
    /** What {@code /proc/<pid>/comm} of a control daemon or MPS server starts with (cut at 15 bytes). */
    public static final String MPS_COMM_PREFIX = "nvidia-cuda-mps";
    /** The variable a control daemon (and every server it starts) inherits: the pipe directory it serves. */
    public static final String PIPE_VARIABLE = "CUDA_MPS_PIPE_DIRECTORY";
    private static final Pattern START_LINE = Pattern.compile(
            "^\\[[^\\]]*? Control +([0-9]{1,7})\\] Starting control daemon using socket (.+)$");

    private DaemonPids() {
    }

    /**
     * The pid named by the last {@code Starting control daemon using socket <pipe>/control} line of
     * {@code control.log} after byte {@code offset} whose socket is {@code pipeDirectory}'s; empty when
     * there is none. A start line for another socket is not evidence for this pipe.
     */
    public static Optional<Long> fromControlLog(Path logDirectory, long offset, Path pipeDirectory) {
        Path socket = CanonicalPaths.of(pipeDirectory.resolve(ControlPipe.CONTROL));
        Optional<Long> named = Optional.empty();
        for (String line : RuntimeDirs.controlLogSince(logDirectory, offset)) {
            Matcher m = START_LINE.matcher(line);
            if (m.matches() && sameFile(m.group(2), socket)) {
                long pid = Long.parseLong(m.group(1));
                named = pid > 0 ? Optional.of(pid) : Optional.empty();
            }
        }
        return named;
    }

    /**
     * The running processes of the caller's whose name starts with {@code nvidia-cuda-mps} (a control
     * daemon or one of its servers) and whose environment says they serve {@code pipeDirectory}.
     * Processes whose environment cannot be read (other users', hidden by {@code hidepid}) are not
     * listed: they are not evidence the caller can trust.
     */
    public static List<Long> onPipe(ProcessTable processes, Path pipeDirectory) {
        Path pipe = CanonicalPaths.of(pipeDirectory);
        List<Long> found = new ArrayList<>();
        for (long pid : processes.pids()) {
            if (processes.find(pid).filter(DaemonPids::isMpsProcess).isPresent() && servesPipe(processes.environment(pid), pipe)) {
                found.add(pid);
            }
        }
        return List.copyOf(found);
    }

    /** Whether {@code info} is a running control daemon or MPS server ({@code /proc/<pid>/comm} {@code nvidia-cuda-mps…}). */
    public static boolean isMpsProcess(ProcessInfo info) {
        return info.running() && info.comm().startsWith(MPS_COMM_PREFIX);
    }

    /** Whether an environment's {@code CUDA_MPS_PIPE_DIRECTORY} names {@code pipeDirectory} (canonically). */
    public static boolean servesPipe(Optional<Map<String, String>> environment, Path pipeDirectory) {
        return namesPipe(environment, pipeDirectory).orElse(false);
    }

    /**
     * Whether an environment's {@code CUDA_MPS_PIPE_DIRECTORY} names {@code pipeDirectory}
     * (canonically); empty when the environment is unreadable or does not set it.
     */
    public static Optional<Boolean> namesPipe(Optional<Map<String, String>> environment, Path pipeDirectory) {
        return environment.map(env -> env.get(PIPE_VARIABLE)).filter(v -> !v.isEmpty())
                .map(value -> sameFile(value, CanonicalPaths.of(pipeDirectory)));
    }

    private static boolean sameFile(String text, Path canonical) {
        try {
            return CanonicalPaths.of(Path.of(text)).equals(canonical);
        } catch (InvalidPathException e) {
            return false;
        }
    }
}
