package dev.cumps.app.activity;

import dev.cumps.app.ui.style.Severity;
import java.time.Clock;
import javafx.beans.property.ReadOnlyObjectProperty;
import javafx.beans.property.ReadOnlyObjectWrapper;
import javafx.collections.FXCollections;
import javafx.collections.ObservableList;

/**
 * Every action the user took in this window, newest last. View models record into it when their work
 * ends (the UI thread in production, the calling thread in tests), and keep the entry a record returns
 * should they amend it later; the activity pane shows it read-only.
 */
public final class ActivityLog {
    private final ObservableList<ActivityEntry> entries = FXCollections.observableArrayList();
    private final ObservableList<ActivityEntry> readOnly = FXCollections.unmodifiableObservableList(entries);
    private final ReadOnlyObjectWrapper<ActivityEntry> lastChange = new ReadOnlyObjectWrapper<>(this, "lastChange");
    private final Clock clock;

    public ActivityLog(Clock clock) {
        this.clock = clock;
    }

    /** Records an action that succeeded or failed; returns its entry (to {@link #amend} later). */
    public ActivityEntry record(String action, boolean success, String outcome) {
        return record(action, ActivityEntry.of(success), outcome);
    }

    /** Records an action that ended as {@code severity} says (a warning, a cancel: {@link ActivityEntry}); returns its entry. */
    public ActivityEntry record(String action, Severity severity, String outcome) {
        ActivityEntry entry = new ActivityEntry(clock.instant(), action, severity, outcome);
        entries.add(entry);
        return entry;
    }

    /**
     * Records the end of an action that changed the host from a pane other than the overview (Fix…,
     * Terminate, Limits), which the window's status line then shows ({@link #lastChangeProperty()}).
     */
    public void recordChange(String action, boolean success, String outcome) {
        ActivityEntry entry = new ActivityEntry(clock.instant(), action, ActivityEntry.of(success), outcome);
        entries.add(entry);
        lastChange.set(entry);
    }

    /**
     * Replaces {@code entry} by one of the same time and action that ended as {@code success} says,
     * with {@code outcome} (a start whose daemon exited right after); its place in the log stays.
     * Nothing happens when {@code entry} is not in the log.
     */
    public void amend(ActivityEntry entry, boolean success, String outcome) {
        int at = entries.indexOf(entry);
        if (at >= 0) {
            entries.set(at, new ActivityEntry(entry.time(), entry.action(), ActivityEntry.of(success), outcome));
        }
    }

    /** The last entry {@link #recordChange} made; null before. */
    public ReadOnlyObjectProperty<ActivityEntry> lastChangeProperty() {
        return lastChange.getReadOnlyProperty();
    }

    public ObservableList<ActivityEntry> entries() {
        return readOnly;
    }
}
