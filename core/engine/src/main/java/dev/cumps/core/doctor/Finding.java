package dev.cumps.core.doctor;

import dev.cumps.core.message.Message;
import java.util.List;
import java.util.Objects;
import java.util.Optional;

/**
 * What a check concluded: its status, what it observed and expected, what to do about it, and
 * which of that the product can do itself ({@code fixes}, usually none).
 */
public record Finding(CheckStatus status, Message observed, Message expected, Optional<Message> remedy, List<FixTarget> fixes) {
    public Finding {
        Objects.requireNonNull(status, "status");
        Objects.requireNonNull(observed, "observed");
        Objects.requireNonNull(expected, "expected");
        Objects.requireNonNull(remedy, "remedy");
        fixes = List.copyOf(fixes);
    }

    /** A finding nothing in the product can fix. */
    public Finding(CheckStatus status, Message observed, Message expected, Optional<Message> remedy) {
        this(status, observed, expected, remedy, List.of());
    }

    /** This finding with {@code targets} as what the product can fix about it. */
    public Finding withFixes(List<FixTarget> targets) {
        return new Finding(status, observed, expected, remedy, targets);
    }

    public static Finding pass(Message observed, Message expected) {
        return new Finding(CheckStatus.PASS, observed, expected, Optional.empty());
    }

    public static Finding warn(Message observed, Message expected, Message remedy) {
        return new Finding(CheckStatus.WARN, observed, expected, Optional.of(remedy));
    }

    public static Finding fail(Message observed, Message expected, Message remedy) {
        return new Finding(CheckStatus.FAIL, observed, expected, Optional.of(remedy));
    }

    /** Passes when {@code ok}, else fails with {@code remedy}. */
    public static Finding passOrFail(boolean ok, Message observed, Message expected, Message remedy) {
        return ok ? pass(observed, expected) : fail(observed, expected, remedy);
    }
}
