package dev.cumps.core.fleet;

import dev.cumps.core.message.CumpsException;
import dev.cumps.core.message.Message;
import java.util.Optional;
import java.util.regex.Pattern;

/**
 * An ssh destination as the user types it: {@code host}, {@code user@host} or an alias from
 * {@code ~/.ssh/config}. Only letters, digits, {@code .}, {@code -} and {@code _} are accepted in the
 * user and the host, neither may start with {@code -} (ssh would read it as an option), and nothing
 * else: no spaces, quotes, {@code ;}, {@code $}, {@code :} or {@code /}. A destination therefore
 * passes through ssh and any shell unchanged, and {@code x; touch /tmp/pwned} or {@code $(id)} is
 * refused here, before anything runs.
 */
public record Destination(String value) {
    private static final Pattern VALID =
            Pattern.compile("^(?:[A-Za-z0-9_][A-Za-z0-9._-]{0,31}@)?[A-Za-z0-9_][A-Za-z0-9._-]{0,252}$");

    public Destination {
        Optional<Message> problem = problem(value);
        if (problem.isPresent()) {
            throw new CumpsException(problem.get());
        }
    }

    /** A destination from what the user typed; a {@link CumpsException} names the rule when it is not one. */
    public static Destination of(String typed) {
        return new Destination(typed);
    }

    /** Why {@code typed} is not a destination, or empty when it is one; for validating as the user types. */
    public static Optional<Message> problem(String typed) {
        if (typed == null || !VALID.matcher(typed).matches()) {
            return Optional.of(Message.of(FleetMessages.INVALID_HOST, printable(typed)));
        }
        return Optional.empty();
    }

    static String printable(String raw) {
        if (raw == null) {
            return "";
        }
        StringBuilder sb = new StringBuilder();
        raw.codePoints().limit(200).forEach(c -> {
            if (c < 0x20 || c == 0x7f) {
                sb.append(String.format("\\x%02x", c));
            } else {
                sb.appendCodePoint(c);
            }
        });
        return sb.toString();
    }

    @Override
    public String toString() {
        return value;
    }
}
