package dev.cumps.core.lifecycle;

import dev.cumps.core.message.Message;
import java.util.Objects;
import java.util.Optional;

/**
 * What a start would do and meet, found without side effects ({@link DaemonStarter#preview}):
 * the plan, the refusal the start would give now (a live record of the name, a GPU that already has
 * a live daemon, ...) and what it would only note (a stale record it moves aside). The start checks
 * all of it again under its locks.
 */
public record StartPreview(StartPlan plan, Optional<Message> refusal, Optional<Message> note) {
    public StartPreview {
        Objects.requireNonNull(plan, "plan");
        Objects.requireNonNull(refusal, "refusal");
        Objects.requireNonNull(note, "note");
    }
}
