package dev.cumps.core.doctor;

import dev.cumps.core.message.Message;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;

/**
 * One diagnosis: what was looked at, what was seen, what was expected, and what to do about it.
 * The texts are {@link Message}s ({@code …Text()}); the String accessors give their English, as
 * the CLI, the JSON and the logs show it. A skipped check expects nothing, and a passing one needs
 * no remedy: those are empty. {@code fixes} names what the product can fix itself about the result
 * ({@code cumps doctor --fix}, the window's Fix… button); usually none.
 */
public record DoctorCheck(DoctorCheckId checkId, CheckStatus status, Message observedText, Optional<Message> expectedText,
                          Optional<Message> remedyText, List<FixTarget> fixes) {
    public DoctorCheck {
        Objects.requireNonNull(checkId, "checkId");
        Objects.requireNonNull(status, "status");
        Objects.requireNonNull(observedText, "observedText");
        Objects.requireNonNull(expectedText, "expectedText");
        Objects.requireNonNull(remedyText, "remedyText");
        fixes = List.copyOf(fixes);
    }

    /** A result nothing in the product can fix. */
    public DoctorCheck(DoctorCheckId checkId, CheckStatus status, Message observedText, Optional<Message> expectedText,
                       Optional<Message> remedyText) {
        this(checkId, status, observedText, expectedText, remedyText, List.of());
    }

    /** Whether the product can fix something about this result itself. */
    public boolean fixable() {
        return !fixes.isEmpty();
    }

    /** The stable id, as in JSON ({@code pipe_access}). */
    public String id() {
        return checkId.id();
    }

    public Message titleText() {
        return Message.of(checkId);
    }

    public String title() {
        return checkId.english();
    }

    public String observed() {
        return observedText.english();
    }

    public String expected() {
        return expectedText.map(Message::english).orElse("");
    }

    public String remedy() {
        return remedyText.map(Message::english).orElse("");
    }

    public Map<String, Object> toJsonMap() {
        Map<String, Object> m = new LinkedHashMap<>();
        m.put("id", id());
        m.put("title", title());
        m.put("status", status.id());
        m.put("observed", observed());
        m.put("expected", expected());
        m.put("remedy", remedy());
        m.put("fixes", fixes.stream().map(FixTarget::toJsonMap).toList());
        return m;
    }
}
