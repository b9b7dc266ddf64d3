package dev.cumps.core.doctor.checks;

import dev.cumps.core.doctor.DoctorContext;
import dev.cumps.core.gpu.Gpu;
import dev.cumps.core.message.Message;
import dev.cumps.core.record.DaemonRecord;

/** The facts a check's declared needs guarantee; a missing one means the check list is wired wrong. */
final class Checks {
    private Checks() {
    }

    /**
     * A value as the window should show it: its display message (translated) when that message's
     * English is the raw value itself, else the raw value, so the English output stays exactly
     * what nvidia-smi printed.
     */
    static Object display(Message text, String raw) {
        return text.english().equals(raw) ? text : raw;
    }

    /** The selected GPU, guaranteed by {@code Need.SINGLE_GPU}. */
    static Gpu gpu(DoctorContext context) {
        return context.gpu().orElseThrow(() -> new IllegalStateException("a check needing one GPU ran without one"));
    }

    /** The selected daemon, guaranteed by {@code Need.LIVE_MANAGED_DAEMON} and {@code Need.LIVE_DAEMON}. */
    static DaemonRecord daemon(DoctorContext context) {
        return context.daemon().orElseThrow(() -> new IllegalStateException("a check needing the daemon ran without one"));
    }
}
