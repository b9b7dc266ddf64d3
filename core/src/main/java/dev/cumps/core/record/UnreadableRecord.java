package dev.cumps.core.record;

import java.nio.file.Path;

/** A {@code daemon.json} that could not be parsed, with the reason. It is shown, never acted on silently. */
public record UnreadableRecord(String name, Path path, String reason) {
}
