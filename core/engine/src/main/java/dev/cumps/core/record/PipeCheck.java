package dev.cumps.core.record;

import dev.cumps.core.message.Message;
import java.util.Optional;
import java.util.OptionalLong;

/**
 * Whether a live record's daemon is the one serving the record's pipe directory, so that a command
 * sent there ({@code quit}, {@code terminate_client}, a limit) reaches the recorded daemon and no
 * other: see {@link Liveness#pipeCheck(DaemonRecord)}.
 *
 * @param servedBy  the pid in the directory's pid file, when it names another process ({@link Result#SERVED_BY_OTHER})
 * @param untrusted why the directory does not pass the trust rule ({@link Result#UNTRUSTED})
 */
public record PipeCheck(Result result, OptionalLong servedBy, Optional<Message> untrusted) {
    /** A check that found no problem of the trust rule. */
    public PipeCheck(Result result, OptionalLong servedBy) {
        this(result, servedBy, Optional.empty());
    }

    /** What the check found. */
    public enum Result {
        /** The pid file names the recorded pid, or the recorded process was started on this directory. */
        VERIFIED,
        /** The pid file in the directory names another process. */
        SERVED_BY_OTHER,
        /** The recorded process was started with another {@code CUDA_MPS_PIPE_DIRECTORY}. */
        NOT_ON_PIPE,
        /** No pid file and no readable environment: nothing shows which daemon serves the directory. */
        UNVERIFIABLE,
        /**
         * The directory does not pass the trust rule (another user's, writable by others, a link, under a folder
         * others can change): someone else could put their socket there, so nothing is sent through it.
         */
        UNTRUSTED
    }
}
