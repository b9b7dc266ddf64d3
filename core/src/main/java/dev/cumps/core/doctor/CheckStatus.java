package dev.cumps.core.doctor;

/** The verdict of one check. Only {@link #FAIL} makes a report invalid. */
public enum CheckStatus {
    PASS("pass"), WARN("warn"), FAIL("fail"), SKIP("skip");

    private final String id;

    CheckStatus(String id) {
        this.id = id;
    }

    public String id() {
        return id;
    }
}
