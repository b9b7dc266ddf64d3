package dev.cumps.core.doctor;

import dev.cumps.core.message.Message;
import java.util.Objects;
import java.util.Optional;

/** What a check concluded: its status, what it observed and expected, and what to do about it. */
public record Finding(CheckStatus status, Message observed, Message expected, Optional<Message> remedy) {
    public Finding {
        Objects.requireNonNull(status, "status");
        Objects.requireNonNull(observed, "observed");
        Objects.requireNonNull(expected, "expected");
        Objects.requireNonNull(remedy, "remedy");
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
