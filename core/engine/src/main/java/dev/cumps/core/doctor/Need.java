package dev.cumps.core.doctor;

/**
 * A premise a check declares: a fact another, earlier check establishes. When the fact does not hold
 * (that check failed or was itself skipped), the runner reports the dependent check as
 * {@code skipped: needs <wording>} instead of running it. The wording says what is missing, so two
 * needs may rest on the same check ("a resolved GPU" and "the visible GPUs" both on
 * {@link DoctorCheckId#VISIBILITY}).
 */
public enum Need {
    NVIDIA_SMI(DoctorCheckId.NVIDIA_SMI, DoctorMessages.NEED_NVIDIA_SMI),
    VISIBLE_GPUS(DoctorCheckId.VISIBILITY, DoctorMessages.NEED_VISIBLE_GPUS),
    RESOLVED_GPU(DoctorCheckId.VISIBILITY, DoctorMessages.NEED_RESOLVED_GPU),
    SINGLE_GPU(DoctorCheckId.TOPOLOGY, DoctorMessages.NEED_SINGLE_GPU),
    LIVE_MANAGED_DAEMON(DoctorCheckId.DAEMON_COUNT, DoctorMessages.NEED_LIVE_MANAGED_DAEMON),
    LIVE_DAEMON(DoctorCheckId.DAEMON_COUNT, DoctorMessages.NEED_LIVE_DAEMON),
    CONTROL_PIPE(DoctorCheckId.CONTROL_PIPE, DoctorMessages.NEED_CONTROL_PIPE);

    private final DoctorCheckId establishedBy;
    private final DoctorMessages wording;

    Need(DoctorCheckId establishedBy, DoctorMessages wording) {
        this.establishedBy = establishedBy;
        this.wording = wording;
    }

    /** The check whose passing (or warning) result establishes the fact. */
    public DoctorCheckId establishedBy() {
        return establishedBy;
    }

    /** What is missing, as the skip line says it ("one live managed daemon"). */
    public DoctorMessages wording() {
        return wording;
    }
}
