package dev.cumps.sim;

import com.fasterxml.jackson.annotation.JsonCreator;
import com.fasterxml.jackson.annotation.JsonValue;

/**
 * The NVIDIA driver branch whose {@code nvidia-cuda-mps-control} the stand-in speaks like. What the
 * branches do differently without a GPU was read off NVIDIA's own binaries (Debian non-free
 * {@code nvidia-cuda-mps} 535.261.03 and 550.163.01) and is held to them by src-test's
 * {@code ControlDaemonConformanceTest}; docs/simulator.md lists it.
 */
public enum DriverProfile {
    /** R535: no pid file; {@code get_server_status} is an unknown command. */
    R535("535", "535.261.03", false, false),
    /** R550 (the newest, the default): the pid file {@code nvidia-cuda-mps-control.pid} (0666) and {@code get_server_status}. */
    R550("550", SimConfig.DEFAULT_DRIVER, true, true);

    /** The profile of a config that names none. */
    public static final DriverProfile NEWEST = R550;

    private final String branch;
    private final String driverVersion;
    private final boolean pidFile;
    private final boolean serverStatus;

    DriverProfile(String branch, String driverVersion, boolean pidFile, boolean serverStatus) {
        this.branch = branch;
        this.driverVersion = driverVersion;
        this.pidFile = pidFile;
        this.serverStatus = serverStatus;
    }

    /** The branch as written in sim.json and {@code CUMPS_SIM_DRIVER}: {@code 535}, {@code 550}. */
    @JsonValue
    public String branch() {
        return branch;
    }

    /** The driver version {@code nvidia-smi} reports for this branch unless the config names another. */
    public String driverVersion() {
        return driverVersion;
    }

    /** Whether the daemon writes {@code <pipe>/nvidia-cuda-mps-control.pid} (and removes it on {@code quit}). */
    boolean writesPidFile() {
        return pidFile;
    }

    /** Whether the daemon knows {@code get_server_status}. */
    boolean knowsServerStatus() {
        return serverStatus;
    }

    /** Parses {@code 535}, {@code r535}, {@code 550}, ...; {@code null} or blank means {@link #NEWEST}. */
    @JsonCreator
    public static DriverProfile of(String branch) {
        if (branch == null || branch.isBlank()) {
            return NEWEST;
        }
        String b = branch.strip();
        if (b.startsWith("r") || b.startsWith("R")) {
            b = b.substring(1);
        }
        for (DriverProfile profile : values()) {
            if (profile.branch.equals(b)) {
                return profile;
            }
        }
        throw new IllegalArgumentException("unknown driver branch '" + branch + "' (known: 535, 550)");
    }
}
