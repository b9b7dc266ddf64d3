package dev.cumps.core.doctor;

import dev.cumps.core.message.Message;

/** The verdict of one check. Only {@link #FAIL} makes a report invalid. */
public enum CheckStatus {
    PASS("pass", DoctorText.STATUS_PASS), WARN("warn", DoctorText.STATUS_WARN), FAIL("fail", DoctorText.STATUS_FAIL),
    SKIP("skip", DoctorText.STATUS_SKIP);

    private final String id;
    private final DoctorText text;

    CheckStatus(String id, DoctorText text) {
        this.id = id;
        this.text = text;
    }

    /** The status as a word people read ("pass"); its English is {@link #id()}. */
    public Message text() {
        return Message.of(text);
    }

    public String id() {
        return id;
    }
}
