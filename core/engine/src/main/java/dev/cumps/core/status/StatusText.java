package dev.cumps.core.status;

import dev.cumps.core.message.MessageKey;

/** The texts of {@code status}: values the status tables show. */
public enum StatusText implements MessageKey {
    PIPE_KIND_UNIX_SOCKET("socket"),
    PIPE_KIND_FIFO("FIFO");

    private final String english;

    StatusText(String english) {
        this.english = english;
    }

    @Override
    public String area() {
        return "status";
    }

    @Override
    public String english() {
        return english;
    }
}
