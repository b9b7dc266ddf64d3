package dev.cumps.core.lifecycle;

/**
 * The lifecycle's logger, created on first use: {@code System.getLogger} starts java.util.logging
 * (about 25 ms), which status never needs.
 */
final class LifecycleLog {
    private LifecycleLog() {
    }

    private static final class Holder {
        static final System.Logger LOG = System.getLogger(LifecycleLog.class.getPackageName());
    }

    static System.Logger log() {
        return Holder.LOG;
    }
}
