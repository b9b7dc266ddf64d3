package dev.cumps.core.fleet;

import dev.cumps.core.exec.CommandResult;
import java.util.Locale;
import java.util.Optional;

/**
 * Classifies a finished ssh run that did not yield cumps output. ssh exits 255 for its own failures
 * and says which in one line on stderr (OpenSSH's wording, in English since ssh runs with
 * {@code LC_ALL=C}); a remote shell (or the host's {@code timeout}) exits 127 for a command it cannot
 * find; the host's {@code timeout} exits 124 (or 137 after a KILL) when it ended the host's cumps at its
 * limit. Anything else is the remote command's own exit status.
 */
public final class SshOutcome {
    private SshOutcome() {
    }

    /** The state for a run that did not succeed, or empty when ssh connected and the remote command ran. */
    public static Optional<HostState> failure(CommandResult result) {
        switch (result.outcome()) {
            case NOT_FOUND, FAILED_TO_START:
                return Optional.of(HostState.SSH_MISSING);
            case TIMED_OUT:
                return Optional.of(HostState.TIMED_OUT);
            default:
                break;
        }
        String err = result.stderr().toLowerCase(Locale.ROOT);
        if (result.exitCode() == 255) {
            if (err.contains("remote host identification has changed") || err.contains("host key verification failed")
                    && err.contains("offending")) {
                return Optional.of(HostState.HOST_KEY_CHANGED);
            }
            if (err.contains("no ") && err.contains("host key is known") || err.contains("host key verification failed")) {
                return Optional.of(HostState.HOST_KEY_UNKNOWN);
            }
            if (err.contains("permission denied") || err.contains("too many authentication failures")) {
                return Optional.of(HostState.AUTH_FAILED);
            }
            if (err.contains("connection refused")) {
                return Optional.of(HostState.CONNECTION_REFUSED);
            }
            if (err.contains("connection timed out") || err.contains("operation timed out")) {
                return Optional.of(HostState.TIMED_OUT);
            }
            if (err.contains("could not resolve hostname") || err.contains("no route to host")
                    || err.contains("network is unreachable") || err.contains("name or service not known")) {
                return Optional.of(HostState.UNREACHABLE);
            }
            return Optional.of(HostState.SSH_FAILED);
        }
        if (result.exitCode() == 124 || result.exitCode() == 137) {
            // the host's timeout ended its cumps (124 after TERM; 137 when it needed KILL): no cumps exits so
            return Optional.of(HostState.TIMED_OUT);
        }
        if (result.exitCode() == 127 && (err.contains("cumps") || err.isBlank())) {
            return Optional.of(HostState.CUMPS_MISSING);
        }
        return Optional.empty();
    }
}
