package dev.cumps.core.doctor;

import dev.cumps.core.message.Message;

/** The verdict of one check. Only {@link #FAIL} makes a report invalid. */
public enum CheckStatus {
    PASS("pass", DoctorMessages.STATUS_PASS), WARN("warn", DoctorMessages.STATUS_WARN), FAIL("fail", DoctorMessages.STATUS_FAIL),
    SKIP("skip", DoctorMessages.STATUS_SKIP);

    private final String id;
    private final DoctorMessages text;

    CheckStatus(String id, DoctorMessages text) {
        this.id = id;
        this.text = text;
    }

    /** The status as a word people read ("pass"); its English is {@link #id()}. */
    public Message labelMessage() {
        return Message.of(text);
    }

    public String id() {
        return id;
    }
}
