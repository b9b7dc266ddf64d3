package dev.cumps.core.record;

import dev.cumps.core.message.CumpsException;
import dev.cumps.core.message.Message;
import dev.cumps.core.message.MessageKey;

/**
 * The outcome of looking one name up in the record store: found (the caller's own, readable),
 * missing, foreign (another user's or host's) or unreadable. {@link #require} is the one ladder
 * every command that acts on a named record climbs; only the wording differs by command.
 */
public sealed interface RecordLookup {
    /** The name looked up. */
    String name();

    /**
     * The caller's own readable record; otherwise a {@link CumpsException} worded by
     * {@code refusals}, so no caller acts on a missing, foreign or unreadable record by mistake.
     */
    default DaemonRecord require(Refusals refusals) {
        if (this instanceof Found found) {
            return found.record();
        }
        if (this instanceof Foreign foreign) {
            throw new CumpsException(Message.of(refusals.foreign(), name(), foreign.ownerText()));
        }
        if (this instanceof Unreadable unreadable) {
            throw new CumpsException(Message.of(refusals.unreadable(), name(), unreadable.record().reasonText()));
        }
        throw new CumpsException(Message.of(refusals.missing(), name()));
    }

    /**
     * How one command words the three refusals: {@code missing} takes the name; {@code foreign} the
     * name and the owner ({@link RecordText#OWNER}); {@code unreadable} the name and the reason.
     */
    record Refusals(MessageKey missing, MessageKey foreign, MessageKey unreadable) {
    }

    record Found(DaemonRecord record) implements RecordLookup {
        @Override
        public String name() {
            return record.name();
        }
    }

    record Missing(String name) implements RecordLookup {
    }

    /** Written by another user or on another host: never acted on; {@code name} is the name looked up. */
    record Foreign(String name, DaemonRecord record) implements RecordLookup {
        /** "uid N on host H", for messages that name the owner. */
        public String owner() {
            return ownerText().english();
        }

        /** The owner as a message: {@code uid N on host H}. */
        public Message ownerText() {
            return Message.of(RecordText.OWNER, Integer.toUnsignedString(record.uid()), record.host());
        }

        /** The state shown for such a record: {@code foreign}. */
        public Message stateText() {
            return Message.of(RecordText.STATE_FOREIGN);
        }
    }

    record Unreadable(UnreadableRecord record) implements RecordLookup {
        @Override
        public String name() {
            return record.name();
        }
    }
}
