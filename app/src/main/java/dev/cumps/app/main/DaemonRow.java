package dev.cumps.app.main;

import dev.cumps.app.ui.style.RecordLook;
import java.util.Optional;

/**
 * One row of the daemons table, as display text: a record of this user and host as the core
 * assessed it at the last refresh ({@link MainViewModel#daemon(String)} has the assessment). An
 * unreadable record has only the core's {@code reason}.
 *
 * @param limits the MPS limits the record holds (active thread percentage, pinned memory), as text
 */
public record DaemonRow(String name, RecordLook state, String stateText, String pid, String startTicks, String gpu,
                        String pipeDirectory, String logDirectory, String age, Optional<String> reason, String limits) {

    /** A row without limits shown (placeholder text). */
    public DaemonRow(String name, RecordLook state, String stateText, String pid, String startTicks, String gpu,
                     String pipeDirectory, String logDirectory, String age, Optional<String> reason) {
        this(name, state, stateText, pid, startTicks, gpu, pipeDirectory, logDirectory, age, reason, "");
    }

    public boolean live() {
        return state == RecordLook.LIVE;
    }

    /** Stale and unreadable records may be removed (moved aside) without contacting anything. */
    public boolean removable() {
        return state == RecordLook.STALE || state == RecordLook.UNREADABLE;
    }

    /** A record the core could read (live or stale): stop --all acts on it. */
    public boolean readable() {
        return state != RecordLook.UNREADABLE;
    }
}
