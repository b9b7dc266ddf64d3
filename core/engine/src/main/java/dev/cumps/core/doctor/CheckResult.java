package dev.cumps.core.doctor;

import dev.cumps.core.gpu.Gpu;
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
 * button); usually none. {@code gpu} is the GPU the result is about when the doctor diagnosed each
 * visible GPU ({@link Doctor#diagnose}), else empty.
 */
public record CheckResult(DoctorCheckId checkId, CheckStatus status, Message observedMessage, Optional<Message> expectedMessage,
                          Optional<Message> remedyMessage, List<FixTarget> fixes, Optional<Gpu> gpu) {
    public CheckResult {
        Objects.requireNonNull(checkId, "checkId");
        Objects.requireNonNull(status, "status");
        Objects.requireNonNull(observedMessage, "observedMessage");
        Objects.requireNonNull(expectedMessage, "expectedMessage");
        Objects.requireNonNull(remedyMessage, "remedyMessage");
        fixes = List.copyOf(fixes);
        Objects.requireNonNull(gpu, "gpu");
    }

    /** A result of a run for the one GPU its selector names. */
    public CheckResult(DoctorCheckId checkId, CheckStatus status, Message observedMessage, Optional<Message> expectedMessage,
                       Optional<Message> remedyMessage, List<FixTarget> fixes) {
        this(checkId, status, observedMessage, expectedMessage, remedyMessage, fixes, Optional.empty());
    }

    /** This result as one of several GPUs' ({@link #gpu()}). */
    public CheckResult about(Gpu of) {
        return new CheckResult(checkId, status, observedMessage, expectedMessage, remedyMessage, fixes, Optional.of(of));
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

    /** The title as a row shows it: "GPU n · title" for a result about one of several diagnosed GPUs, else the title. */
    public Message headingMessage() {
        return gpu.map(g -> Message.of(DoctorMessages.GPU_HEADING, g.index(), titleMessage())).orElseGet(this::titleMessage);
    }

    /** {@link #headingMessage()} in English. */
    public String heading() {
        return headingMessage().english();
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
        gpu.ifPresent(g -> m.put("gpu", DoctorReport.indexAndUuid(g)));
        return m;
    }
}
