package dev.cumps.app.main;

import dev.cumps.app.activity.ActivityEntry;
import dev.cumps.app.activity.ActivityLog;
import dev.cumps.app.i18n.Messages;
import dev.cumps.app.ui.style.Severity;
import dev.cumps.core.mps.RuntimeDirs;
import dev.cumps.core.record.DaemonRecord;
import dev.cumps.core.record.ManagedDaemon;
import dev.cumps.core.record.RecordState;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Objects;
import java.util.Optional;
import java.util.function.Consumer;
import java.util.function.Function;

/**
 * Keeps an eye on the daemons this window just started: a start that succeeded may still die a
 * moment later (a daemon that exits 1.5 s after its start). For {@link #WATCH} after each start,
 * every refresh looks at the daemon's record; once it is stale (its process gone) the start's
 * activity entry and the status line turn to an error saying when it exited and where its log is.
 * A record that is gone (stopped, removed) ends the watch quietly.
 */
final class StartWatch {

    /** How long after a start the refreshes watch its daemon. */
    static final Duration WATCH = Duration.ofMinutes(2);

    private record Watched(String name, Instant until, ActivityEntry entry) {
    }

    private final Messages messages;
    private final ActivityLog activity;
    private final Consumer<Notice> notice;
    private final List<Watched> watched = new ArrayList<>();

    /** @param notice where the error goes (the window's notice, which the status line shows) */
    StartWatch(Messages messages, ActivityLog activity, Consumer<Notice> notice) {
        this.messages = Objects.requireNonNull(messages, "messages");
        this.activity = Objects.requireNonNull(activity, "activity");
        this.notice = Objects.requireNonNull(notice, "notice");
    }

    /** Watches the daemon {@code name} started at {@code now}; {@code entry} is its start's line in the activity log. */
    void started(String name, ActivityEntry entry, Instant now) {
        Objects.requireNonNull(entry, "entry");
        watched.removeIf(w -> w.name().equals(name));
        watched.add(new Watched(name, now.plus(WATCH), entry));
    }

    /** Looks at each watched daemon as the refresh taken at {@code at} found it ({@code daemons} by name). */
    void refreshed(Instant at, Function<String, Optional<ManagedDaemon>> daemons) {
        watched.removeIf(w -> {
            Optional<ManagedDaemon> daemon = daemons.apply(w.name());
            if (daemon.isEmpty()) {
                return true; // stopped or removed: not a death
            }
            if (daemon.get().state() == RecordState.STALE) {
                exited(w, daemon.get().record(), at);
                return true;
            }
            return at.isAfter(w.until());
        });
    }

    private void exited(Watched w, DaemonRecord record, Instant at) {
        Instant started = Instant.ofEpochMilli(Math.round(record.createdAt() * 1000));
        long seconds = Math.max(1, (Duration.between(started, at).toMillis() + 999) / 1000);
        String text = messages.get("start.exited", record.name(), record.pid(), seconds,
                record.logDirectory().resolve(RuntimeDirs.CONTROL_LOG).toString());
        activity.amend(w.entry(), false, text);
        notice.accept(new Notice(Severity.FAIL, text));
    }
}
