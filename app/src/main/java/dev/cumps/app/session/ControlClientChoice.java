package dev.cumps.app.session;

import dev.cumps.core.host.HostEnvironment;
import dev.cumps.core.mps.ControlClient;
import java.util.Arrays;
import java.util.Map;
import java.util.Optional;

/**
 * View → Control client: which client the window asks control daemons with (issue 37 item 2). {@link #AUTOMATIC}
 * leaves it to the core: the in-process client ({@link ControlClient#LONG_LIVED}), NVIDIA's program its fallback,
 * unless {@code CUMPS_CONTROL_CLIENT} says otherwise; {@link #NVIDIA} forces NVIDIA's {@code nvidia-cuda-mps-control}
 * for every question, as {@code CUMPS_CONTROL_CLIENT=nvidia} does. The core chooses when the host session opens, so
 * a change applies from the console's next start.
 */
public enum ControlClientChoice {
    AUTOMATIC("automatic"),
    NVIDIA(ControlClient.NVIDIA);

    private final String id;

    ControlClientChoice(String id) {
        this.id = id;
    }

    /** The word saved in the settings file. */
    public String id() {
        return id;
    }

    /** The choice {@code id} names; empty for anything else. */
    public static Optional<ControlClientChoice> parse(String id) {
        return Arrays.stream(values()).filter(c -> c.id.equals(id)).findFirst();
    }

    /**
     * The host the session opens with this choice: {@code host} itself when automatic (its own
     * {@code CUMPS_CONTROL_CLIENT}, if set, decides), else with {@code CUMPS_CONTROL_CLIENT=nvidia}.
     */
    public HostEnvironment applyTo(HostEnvironment host) {
        return this == NVIDIA ? host.withEnv(Map.of(ControlClient.VARIABLE, ControlClient.NVIDIA)) : host;
    }
}
