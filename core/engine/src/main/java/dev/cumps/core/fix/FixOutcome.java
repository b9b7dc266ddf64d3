package dev.cumps.core.fix;

import dev.cumps.core.message.Message;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Objects;

/** What became of one fix: whether it was applied, and what happened (or why it was refused), as a message. */
public record FixOutcome(Fix fix, boolean applied, Message text) {
    public FixOutcome {
        Objects.requireNonNull(fix, "fix");
        Objects.requireNonNull(text, "text");
    }

    /** The outcome in English (the CLI's text). */
    public String message() {
        return text.english();
    }

    public Map<String, Object> toJsonMap() {
        Map<String, Object> m = new LinkedHashMap<>(fix.toJsonMap());
        m.put("applied", applied);
        m.put("outcome", message());
        return m;
    }
}
