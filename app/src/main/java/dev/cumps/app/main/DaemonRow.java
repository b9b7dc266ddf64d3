package dev.cumps.app.main;

import java.util.Optional;

import dev.cumps.app.ui.RecordLook;
import dev.cumps.core.record.ManagedDaemon;

/**
 * One row of the daemons table: a record of this user and host as the core assessed it at the
 * last refresh. An unreadable record has no {@code daemon}, only the core's {@code reason}.
 */
public record DaemonRow(String name, RecordLook state, String stateText, String pid, String startTicks, String gpu,
                        String pipeDirectory, String logDirectory, String age, Optional<ManagedDaemon> daemon,
                        Optional<String> reason) {

    public boolean live() {
        return state == RecordLook.LIVE;
    }

    /** Stale and unreadable records may be removed (moved aside) without contacting anything. */
    public boolean removable() {
        return state == RecordLook.STALE || state == RecordLook.UNREADABLE;
    }
}
