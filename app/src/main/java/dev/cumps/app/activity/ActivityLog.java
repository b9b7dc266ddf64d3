package dev.cumps.app.activity;

import java.time.Clock;
import javafx.collections.FXCollections;
import javafx.collections.ObservableList;

/**
 * Every action the user took in this window, newest last. View models record into it from their
 * result callbacks (the UI thread in production, the calling thread in tests); the activity pane
 * shows it read-only.
 */
public final class ActivityLog {
    private final ObservableList<ActivityEntry> entries = FXCollections.observableArrayList();
    private final ObservableList<ActivityEntry> readOnly = FXCollections.unmodifiableObservableList(entries);
    private final Clock clock;

    public ActivityLog(Clock clock) {
        this.clock = clock;
    }

    public void record(String action, boolean success, String outcome) {
        entries.add(new ActivityEntry(clock.instant(), action, success, outcome));
    }

    public ObservableList<ActivityEntry> entries() {
        return readOnly;
    }
}
