package dev.cumps.core.proc;

import dev.cumps.core.message.MessageKey;

/** The texts of {@code proc}: why a {@code /proc/<pid>/stat} line could not be read. */
public enum ProcText implements MessageKey {
    MALFORMED_STAT("malformed /proc stat line: {0}"),
    MALFORMED_STAT_PID("malformed /proc stat line (pid): {0}"),
    MALFORMED_STAT_FIELDS("malformed /proc stat line (too few fields): {0}"),
    MALFORMED_STAT_START_TIME("malformed /proc stat line (start time): {0}");

    private final String english;

    ProcText(String english) {
        this.english = english;
    }

    @Override
    public String area() {
        return "proc";
    }

    @Override
    public String english() {
        return english;
    }
}
