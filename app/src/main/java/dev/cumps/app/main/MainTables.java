package dev.cumps.app.main;

import java.util.Map;

import dev.cumps.core.record.ManagedDaemon;
import javafx.beans.property.ReadOnlyObjectProperty;
import javafx.beans.property.ReadOnlyObjectWrapper;
import javafx.collections.FXCollections;
import javafx.collections.ObservableList;

/**
 * The rows the three tables show and the selected daemon row, kept by name across refreshes.
 * A refresh touches only what changed ({@link MainRows.Changes}). UI thread only.
 */
public final class MainTables {

    /** Above this many changed daemon rows one replacement of the list is cheaper than a change event per row. */
    static final int MAX_ROW_UPDATES = 64;

    private final ObservableList<GpuRow> gpus = FXCollections.observableArrayList();
    private final ObservableList<PipeRow> pipes = FXCollections.observableArrayList();
    private final ObservableList<DaemonRow> daemons = FXCollections.observableArrayList();
    private final ObservableList<GpuRow> gpusView = FXCollections.unmodifiableObservableList(gpus);
    private final ObservableList<PipeRow> pipesView = FXCollections.unmodifiableObservableList(pipes);
    private final ObservableList<DaemonRow> daemonsView = FXCollections.unmodifiableObservableList(daemons);
    private final ReadOnlyObjectWrapper<DaemonRow> selectedRow = new ReadOnlyObjectWrapper<>(this, "selectedRow");
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
                    daemons.set(i, rows.daemons().get(i));
                }
            }
        } finally {
            applying = false;
        }
        applied = rows.generation();
        managed = rows.managed();
        selectedRow.set(selectedName == null ? null
                : daemons.stream().filter(row -> row.name().equals(selectedName)).findFirst().orElse(null));
    }

    /** The user selected {@code row} (null: nothing). Ignored while rows are being replaced. */
    void select(DaemonRow row) {
        if (applying) {
            return;
        }
        selectedName = row == null ? null : row.name();
        selectedRow.set(row);
    }

    /** The core's assessment of each readable record of the last refresh, by name. */
    Map<String, ManagedDaemon> managed() {
        return managed;
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
}
