package dev.cumps.core.doctor;

import dev.cumps.core.message.MessageKey;

/**
 * The stable identity of one doctor check, in the order the doctor runs them. {@link #id()} is the
 * id in {@code doctor --json} (never changes); the constant is also the translation key of the
 * check's title ({@code doctor.PIPE_ACCESS}, English = {@link #english()}), and {@link #anchor()}
 * names the check's entry in the troubleshooting guide.
 */
public enum DoctorCheckId implements MessageKey {
    PLATFORM("platform", "Linux host"),
    NVIDIA_SMI("nvidia_smi", "nvidia-smi answers"),
    VISIBILITY("visibility", "CUDA_VISIBLE_DEVICES resolves"),
    TOPOLOGY("topology", "selector resolves to a supported topology"),
    MIG("mig", "MIG is disabled"),
    COMPUTE_MODE("compute_mode", "compute mode suits MPS"),
    DAEMON_COUNT("daemon_count", "exactly one live managed daemon for the GPU"),
    IDENTITY("identity", "recorded pid and start time match"),
    CONTROL_PIPE("control_pipe", "control pipe exists and is a socket or FIFO"),
    PIPE_ACCESS("pipe_access", "control pipe is usable and private"),
    ANSWERS("answers", "daemon answers get_server_list"),
    PID_FILE("pid_file", "pid file agrees with the record"),
    CONTROL_LOG("control_log", "control.log shows no recent error"),
    ENV_PIPE_DIRECTORY("env_pipe_directory", "CUDA_MPS_PIPE_DIRECTORY points at this daemon"),
    ENV_VISIBLE_INDEX("env_visible_index", "CUDA_VISIBLE_DEVICES uses no nonzero index"),
    // limits
    LIMITS_MATCH_RECORD("limits_match_record", "live daemons' MPS limits match their records"),
    // live snapshot checks
    SERVER_UID("server_uid", "MPS servers of your daemons run as you"),
    UNMANAGED_CLIENTS("unmanaged_clients", "no client of yours on an unmanaged pipe"),
    // Guided fixes: what dead daemons leave behind, which `doctor --fix` can clean up.
    STALE_RECORDS("stale_records", "no stale records of yours"),
    ORPHANED_SOCKETS("orphaned_sockets", "no orphaned control sockets of yours"),
    STALE_PID_FILES("stale_pid_files", "no stale pid files in your pipe directories");

    private final String id;
    private final String english;

    DoctorCheckId(String id, String english) {
        this.id = id;
        this.english = english;
    }

    /** The id in JSON and in tests, e.g. {@code pipe_access}. */
    public String id() {
        return id;
    }

    /** The troubleshooting guide's anchor for this check, e.g. {@code pipe-access}. */
    public String anchor() {
        return id.replace('_', '-');
    }

    /** Whether the check is about the one GPU its run diagnoses (and that GPU's daemon), so it appears once per GPU when each is diagnosed. */
    public boolean perGpu() {
        return EachVisibleGpu.PER_GPU.contains(this);
    }

    @Override
    public String area() {
        return "doctor";
    }

    /** The English title of the check. */
    @Override
    public String english() {
        return english;
    }
}
