package dev.cumps.core.doctor;

import java.util.List;

/**
 * One diagnosis the doctor runs. A check reads facts from the {@link DoctorContext} (gathered once
 * per run) and judges them; it never writes and never signals. It runs only when every one of its
 * {@link #needs()} holds, so it may rely on them (a check needing
 * {@link Need#LIVE_MANAGED_DAEMON} finds {@link DoctorContext#daemon()} present).
 */
public interface Check {
    DoctorCheckId id();

    /** The premises, in the order the skip reason is chosen: the first one that does not hold is named. */
    default List<Need> needs() {
        return List.of();
    }

    Finding evaluate(DoctorContext context);
}
