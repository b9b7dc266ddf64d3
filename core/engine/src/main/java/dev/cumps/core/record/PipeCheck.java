package dev.cumps.core.record;

import java.util.OptionalLong;

/**
 * Whether a live record's daemon is the one serving the record's pipe directory, so that a command
 * sent there ({@code quit}, {@code terminate_client}, a limit) reaches the recorded daemon and no
 * other: see {@link Liveness#pipeCheck(DaemonRecord)}.
 *
 * @param servedBy the pid in the directory's pid file, when it names another process ({@link Result#SERVED_BY_OTHER})
 */
public record PipeCheck(Result result, OptionalLong servedBy) {
    /** What the check found. */
    public enum Result {
        /** The pid file names the recorded pid, or the recorded process was started on this directory. */
        VERIFIED,
        /** The pid file in the directory names another process. */
        SERVED_BY_OTHER,
        /** The recorded process was started with another {@code CUDA_MPS_PIPE_DIRECTORY}. */
        NOT_ON_PIPE,
        /** No pid file and no readable environment: nothing shows which daemon serves the directory. */
        UNVERIFIABLE
    }

    public boolean verified() {
        return result == Result.VERIFIED;
    }
}
