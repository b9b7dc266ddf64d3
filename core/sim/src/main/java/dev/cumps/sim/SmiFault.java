package dev.cumps.sim;

import com.fasterxml.jackson.annotation.JsonCreator;
import com.fasterxml.jackson.annotation.JsonValue;

/** How the {@code nvidia-smi} stand-in misbehaves; see docs/simulator.md. */
public enum SmiFault {
    /** Behaves. */
    NONE("none"),
    /** Never returns; sleeps until killed. */
    HANG("hang"),
    /** Prints the driver-communication failure message and exits 9. */
    FAIL("fail"),
    /** Prints output that is not CSV and exits 0. */
    GARBAGE("garbage"),
    /** Is not installed; if run anyway, reports "command not found" and exits 127. */
    MISSING("missing");

    private final String token;

    SmiFault(String token) {
        this.token = token;
    }

    /** The spelling used in the config file and in {@code CUMPS_SIM_SMI_FAULT}. */
    @JsonValue
    public String token() {
        return token;
    }

    /** Parses a token; {@code null} or blank means {@link #NONE}. */
    @JsonCreator
    public static SmiFault of(String token) {
        return FaultTokens.parse(SmiFault.class, values(), token, SmiFault::token, NONE);
    }
}
