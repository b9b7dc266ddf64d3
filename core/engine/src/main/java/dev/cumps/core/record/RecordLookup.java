package dev.cumps.core.record;

import dev.cumps.core.message.Message;

/** The outcome of looking one name up in the record store. */
public sealed interface RecordLookup {
    record Found(DaemonRecord record) implements RecordLookup {
    }

    record Missing(String name) implements RecordLookup {
    }

    /** Written by another user or on another host: never acted on. */
    record Foreign(DaemonRecord record) implements RecordLookup {
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
    }
}
