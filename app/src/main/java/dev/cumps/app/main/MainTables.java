package dev.cumps.app.main;

import dev.cumps.core.record.ManagedDaemon;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.Set;
import javafx.beans.property.ReadOnlyObjectProperty;
import javafx.beans.property.ReadOnlyObjectWrapper;
import javafx.collections.FXCollections;
import javafx.collections.ObservableList;

/**
 * The rows the three tables show and the selected daemon row, kept by name across refreshes.
 * A refresh touches only what changed ({@link MainRows.Changes}). UI thread only.
 */
public final class MainTables {

    /** Above this many changed daemon rows one replacement of the list is cheaper than two change events per row. */
    static final int MAX_ROW_UPDATES = 64;

    private final ObservableList<GpuRow> gpus = FXCollections.observableArrayList();
    private final ObservableList<PipeRow> pipes = FXCollections.observableArrayList();
    private final ObservableList<DaemonRow> daemons = FXCollections.observableArrayList();
    private final ObservableList<GpuRow> gpusView = FXCollections.unmodifiableObservableList(gpus);
    private final ObservableList<PipeRow> pipesView = FXCollections.unmodifiableObservableList(pipes);
    private final ObservableList<DaemonRow> daemonsView = FXCollections.unmodifiableObservableList(daemons);
    private final ReadOnlyObjectWrapper<DaemonRow> selectedRow = new ReadOnlyObjectWrapper<>(this, "selectedRow");
    private final ReadOnlyObjectWrapper<ManagedDaemon> selectedDaemon = new ReadOnlyObjectWrapper<>(this, "selectedDaemon");
    private Map<String, ManagedDaemon> managed = Map.of();
    private String selectedName;
    private boolean applying;
    /** The generation of the rows the tables show now. */
    private long applied;

    /** Shows {@code rows}, and the row of the selected name again (or nothing when it is gone). */
    void show(MainRows.Rows rows) {
        // The diff holds only if the tables show exactly the rows it was computed against.
        MainRows.Changes changes = rows.changes() != null && rows.changes().base() == applied && applied != 0
                ? rows.changes() : null;
        applying = true;
        try {
            if (changes == null || changes.gpus()) {
                gpus.setAll(rows.gpus());
            }
            if (changes == null || changes.pipes()) {
                pipes.setAll(rows.pipes());
            }
            if (changes == null || changes.daemons() == null || changes.daemons().length > MAX_ROW_UPDATES) {
                daemons.setAll(rows.daemons());
            } else {
                for (int i : changes.daemons()) {
                    replace(i, rows.daemons().get(i));
                }
            }
        } finally {
            applying = false;
        }
        applied = rows.generation();
        managed = rows.managed();
        showSelected(selectedName == null ? null
                : daemons.stream().filter(row -> row.name().equals(selectedName)).findFirst().orElse(null));
    }

    /**
     * Puts {@code row} at {@code index} as a removal and an addition, not {@code set}: a table skin takes a
     * replacement for new items and rebuilds all its cells, whose layout then asks for a second layout pulse
     * and a second paint of the whole window on every refresh (an age changes every refresh); after a removal
     * and an addition it updates the cells it shows in place, in the refresh's one pulse. (With a single row the
     * skin takes the removal for a cleared list and rebuilds all the same: one daemon still costs two paints.)
     */
    private void replace(int index, DaemonRow row) {
        daemons.remove(index);
        daemons.add(index, row);
    }

    private void showSelected(DaemonRow row) {
        selectedRow.set(row);
        ManagedDaemon daemon = row == null ? null : managed.get(row.name());
        if (!Objects.equals(daemon, selectedDaemon.get())) {
            selectedDaemon.set(daemon);
        }
    }

    /** The user selected {@code row} (null: nothing). Ignored while rows are being replaced. */
    void select(DaemonRow row) {
        if (applying) {
            return;
        }
        selectedName = row == null ? null : row.name();
        showSelected(row);
    }

    /**
     * Selects the row of {@code name}: now if it is shown, else as soon as a refresh shows it (a
     * daemon just started from the window).
     */
    public void selectName(String name) {
        selectedName = name;
        showSelected(daemons.stream().filter(row -> row.name().equals(name)).findFirst().orElse(null));
    }

    /** What stop all would do to the rows shown: the live ones are named first, then the rest with their state. */
    StopAllPreview stopAllPreview() {
        List<String> lines = new ArrayList<>();
        daemons.stream().filter(DaemonRow::live).forEach(row -> lines.add(row.name()));
        int live = lines.size();
        daemons.stream().filter(row -> !row.live()).forEach(row -> lines.add(row.name() + " (" + row.stateText() + ")"));
        return new StopAllPreview(live, lines);
    }

    /** The UUIDs of the GPUs a live managed daemon serves, as of the last refresh. */
    Set<String> busyGpus() {
        Set<String> busy = new HashSet<>();
        managed.values().stream().filter(ManagedDaemon::live).forEach(d -> busy.addAll(d.record().gpuUuids()));
        return busy;
    }

    /** The core's assessment of the record {@code name} at the last refresh; empty for an unreadable one. */
    Optional<ManagedDaemon> daemon(String name) {
        return Optional.ofNullable(managed.get(name));
    }

    public ObservableList<GpuRow> gpus() {
        return gpusView;
    }

    public ObservableList<PipeRow> pipes() {
        return pipesView;
    }

    public ObservableList<DaemonRow> daemons() {
        return daemonsView;
    }

    public ReadOnlyObjectProperty<DaemonRow> selectedRowProperty() {
        return selectedRow.getReadOnlyProperty();
    }

    /** The selected daemon's record and state; null when nothing or an unreadable record is selected. */
    public ReadOnlyObjectProperty<ManagedDaemon> selectedDaemonProperty() {
        return selectedDaemon.getReadOnlyProperty();
    }
}
