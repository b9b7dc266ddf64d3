package dev.cumps.core.doctor;

import dev.cumps.core.message.Message;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;

/**
 * The result of one check in a report: which check ({@code checkId}), and what it concluded, or
 * why it was skipped. A check's own {@link Check#evaluate} returns a {@link Finding}, the
 * conclusion without the check's identity; the doctor turns it into a {@code CheckResult} by adding
 * the id, and makes a skipped one itself (a skipped check expects nothing). The texts are
 * {@link Message}s ({@code …Message()}); the String accessors give their English, as the CLI, the
 * JSON and the logs show it. A passing result needs no remedy: that is empty. {@code fixes} names
 * what the product can fix itself about the result ({@code cumps doctor --fix}, the window's Fix…
 * button); usually none.
 */
public record CheckResult(DoctorCheckId checkId, CheckStatus status, Message observedMessage, Optional<Message> expectedMessage,
                          Optional<Message> remedyMessage, List<FixTarget> fixes) {
    public CheckResult {
        Objects.requireNonNull(checkId, "checkId");
        Objects.requireNonNull(status, "status");
        Objects.requireNonNull(observedMessage, "observedMessage");
        Objects.requireNonNull(expectedMessage, "expectedMessage");
        Objects.requireNonNull(remedyMessage, "remedyMessage");
        fixes = List.copyOf(fixes);
    }

    /** A result nothing in the product can fix. */
    public CheckResult(DoctorCheckId checkId, CheckStatus status, Message observedMessage, Optional<Message> expectedMessage,
                       Optional<Message> remedyMessage) {
        this(checkId, status, observedMessage, expectedMessage, remedyMessage, List.of());
    }

    /** Whether the product can fix something about this result itself. */
    public boolean fixable() {
        return !fixes.isEmpty();
    }

    /** The stable id, as in JSON ({@code pipe_access}). */
    public String id() {
        return checkId.id();
    }

    public Message titleMessage() {
        return Message.of(checkId);
    }

    public String title() {
        return checkId.english();
    }

    public String observed() {
        return observedMessage.english();
    }

    public String expected() {
        return expectedMessage.map(Message::english).orElse("");
    }

    public String remedy() {
        return remedyMessage.map(Message::english).orElse("");
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
