package dev.cumps.sim;

import com.fasterxml.jackson.annotation.JsonCreator;
import com.fasterxml.jackson.annotation.JsonValue;

/** How the {@code nvidia-cuda-mps-control} stand-in misbehaves; see docs/simulator.md. */
public enum MpsFault {
    /** Behaves. */
    NONE("none"),
    /** The daemon logs a failure to control.log and exits 1 without binding its sockets. */
    LAUNCH_FAILS("launch-fails"),
    /** The daemon binds its sockets and accepts connections but never answers. */
    NO_ANSWER("no-answer"),
    /** The daemon answers, then dies on its own about 1.5 s after start, leaving its files behind. */
    DIES("dies"),
    /** The daemon waits {@link SimConfig#mpsSlowMillis()} before binding its sockets. */
    SLOW("slow");

    private final String token;

    MpsFault(String token) {
        this.token = token;
    }

    /** The spelling used in the config file and in {@code CUMPS_SIM_MPS_FAULT}. */
    @JsonValue
    public String token() {
        return token;
    }

    /** Parses a token; {@code null} or blank means {@link #NONE}. */
    @JsonCreator
    public static MpsFault of(String token) {
        return FaultTokens.parse(MpsFault.class, values(), token, MpsFault::token, NONE);
    }
}
