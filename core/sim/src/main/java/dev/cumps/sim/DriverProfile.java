package dev.cumps.sim;

import com.fasterxml.jackson.annotation.JsonCreator;
import com.fasterxml.jackson.annotation.JsonValue;
import java.util.Arrays;
import java.util.Set;
import java.util.stream.Collectors;

/**
 * The NVIDIA driver branch whose {@code nvidia-cuda-mps-control} the stand-in speaks like. What the
 * branches do differently without a GPU was read off NVIDIA's own binaries (Debian non-free
 * {@code nvidia-cuda-mps} 470.256.02, 535.261.03, 550.163.01 and 555.58.02) and is held to them by src-test's
 * {@code ControlDaemonConformanceTest}; docs/simulator.md lists it.
 */
public enum DriverProfile {
    /**
     * R470 (the legacy branch): no pid file; besides {@code get_server_status} it does not know the pinned
     * memory commands nor {@code terminate_client}, which it answers {@code Unknown command "<word>"}.
     */
    R470("470", "470.256.02", false, "2017", true, Set.of("get_server_status", "get_default_device_pinned_mem_limit",
            "set_default_device_pinned_mem_limit", "get_device_pinned_mem_limit", "set_device_pinned_mem_limit",
            "terminate_client")),
    /** R535: no pid file; {@code get_server_status} is an unknown command. */
    R535("535", "535.261.03", false, "2023", true, Set.of("get_server_status")),
    /** R550 (the default): the pid file {@code nvidia-cuda-mps-control.pid} (0666) and {@code get_server_status}. */
    R550("550", SimConfig.DEFAULT_DRIVER, true, "2023", true, Set.of()),
    /**
     * R555 (a newer feature branch): as R550 without a GPU, but for the year of its {@code -h} banner and its
     * arguments: words that are no option ({@code get_server_list}, {@code -d extra}) get the banner and exit 1,
     * where the older branches ignore them and run the client.
     */
    R555("555", "555.58.02", true, "2024", false, Set.of());

    /** The profile of a config that names none: R550 (R555 is a feature branch, not a long-lived one). */
    public static final DriverProfile NEWEST = R550;

    private final String branch;
    private final String driverVersion;
    private final boolean pidFile;
    private final String copyrightYear;
    private final boolean ignoresArguments;
    private final Set<String> unknownCommands;

    DriverProfile(String branch, String driverVersion, boolean pidFile, String copyrightYear, boolean ignoresArguments,
            Set<String> unknownCommands) {
        this.branch = branch;
        this.driverVersion = driverVersion;
        this.pidFile = pidFile;
        this.copyrightYear = copyrightYear;
        this.ignoresArguments = ignoresArguments;
        this.unknownCommands = unknownCommands;
    }

    /** The branch as written in sim.json and {@code CUMPS_SIM_DRIVER}: {@code 470}, {@code 535}, ... */
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

    /** Whether the daemon knows {@code command} (a command word of NVIDIA's control interface). */
    boolean knows(String command) {
        return !unknownCommands.contains(command);
    }

    /**
     * Whether {@code nvidia-cuda-mps-control} given arguments that are no option runs the client anyway, reading its
     * commands from stdin (R470 to R550); otherwise (R555) it prints {@link #helpBanner()} and exits 1.
     */
    boolean ignoresArguments() {
        return ignoresArguments;
    }

    /** What {@code nvidia-cuda-mps-control -h} (or {@code --help}) prints on stdout, as this branch prints it. */
    String helpBanner() {
        return "CUDA MPS Control for Linux/Unix.\n"
                + "Copyright (C) 2003 - " + copyrightYear + " NVIDIA Corporation.\n"
                + "\n"
                + "  This program allows multiple CUDA processes to share a single GPU context. For information on how to use "
                + "the CUDA MPS, see the nvidia-cuda-mps-control manual page.\n"
                + "\n";
    }

    /** Parses {@code 470}, {@code r535}, {@code 550}, ...; {@code null} or blank means {@link #NEWEST}. */
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
        throw new IllegalArgumentException("unknown driver branch '" + branch + "' (known: " + known() + ")");
    }

    /** The branches, comma-separated: {@code 470, 535, 550, 555}. */
    static String known() {
        return Arrays.stream(values()).map(DriverProfile::branch).collect(Collectors.joining(", "));
    }
}
