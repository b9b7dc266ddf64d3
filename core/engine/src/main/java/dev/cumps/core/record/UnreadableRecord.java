package dev.cumps.core.record;

import dev.cumps.core.message.Message;
import java.nio.file.Path;

/**
 * A {@code daemon.json} that could not be parsed, with the reason. It is shown, never acted on silently.
 *
 * @param reasonText why it could not be read, for the window
 */
public record UnreadableRecord(String name, Path path, Message reasonText) {
    /** The reason in English, as the CLI and JSON print it. */
    public String reason() {
        return reasonText.english();
    }

    /** The state shown for it in the daemons table: {@code unreadable}. */
    public Message stateText() {
        return Message.of(RecordText.STATE_UNREADABLE);
    }
}
