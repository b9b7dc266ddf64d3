package dev.cumps.core.doctor;

/**
 * A premise a check declares: a fact another, earlier check establishes. When the fact does not hold
 * (that check failed or was itself skipped), the runner reports the dependent check as
 * {@code skipped: needs <wording>} instead of running it. The wording says what is missing, so two
 * needs may rest on the same check ("a resolved GPU" and "the visible GPUs" both on
 * {@link DoctorCheckId#VISIBILITY}).
 */
public enum Need {
    NVIDIA_SMI(DoctorCheckId.NVIDIA_SMI, DoctorText.NEED_NVIDIA_SMI),
    VISIBLE_GPUS(DoctorCheckId.VISIBILITY, DoctorText.NEED_VISIBLE_GPUS),
    RESOLVED_GPU(DoctorCheckId.VISIBILITY, DoctorText.NEED_RESOLVED_GPU),
    SINGLE_GPU(DoctorCheckId.TOPOLOGY, DoctorText.NEED_SINGLE_GPU),
    LIVE_MANAGED_DAEMON(DoctorCheckId.DAEMON_COUNT, DoctorText.NEED_LIVE_MANAGED_DAEMON),
    LIVE_DAEMON(DoctorCheckId.DAEMON_COUNT, DoctorText.NEED_LIVE_DAEMON),
    CONTROL_PIPE(DoctorCheckId.CONTROL_PIPE, DoctorText.NEED_CONTROL_PIPE);

    private final DoctorCheckId establishedBy;
    private final DoctorText wording;

    Need(DoctorCheckId establishedBy, DoctorText wording) {
        this.establishedBy = establishedBy;
        this.wording = wording;
    }

    /** The check whose passing (or warning) result establishes the fact. */
    public DoctorCheckId establishedBy() {
        return establishedBy;
    }

    /** What is missing, as the skip line says it ("one live managed daemon"). */
    public DoctorText wording() {
        return wording;
    }
}
