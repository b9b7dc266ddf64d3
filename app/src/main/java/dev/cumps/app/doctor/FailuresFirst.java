package dev.cumps.app.doctor;

import dev.cumps.app.ui.style.Severity;
import java.util.Comparator;
import java.util.List;
import javafx.collections.FXCollections;
import javafx.collections.ListChangeListener;
import javafx.collections.ObservableList;

/**
 * The doctor's rows as the table shows them: failures first, then warnings, then the rest, each
 * group in the run's order. A row that arrives is inserted at its place (the selection stays); any
 * other change orders the list anew.
 */
final class FailuresFirst {

    private static final Comparator<DoctorRow> ORDER = Comparator.comparingInt(row -> rank(row.severity()));

    private FailuresFirst() {
    }

    /** A list that follows {@code rows} in the table's order. */
    static ObservableList<DoctorRow> of(ObservableList<DoctorRow> rows) {
        ObservableList<DoctorRow> shown = FXCollections.observableArrayList();
        shown.setAll(ordered(rows));
        rows.addListener((ListChangeListener<DoctorRow>) change -> {
            boolean onlyAdded = true;
            while (change.next()) {
                onlyAdded &= change.wasAdded() && !change.wasRemoved() && !change.wasPermutated() && !change.wasUpdated()
                        && change.getTo() == rows.size();
            }
            if (onlyAdded && shown.size() + countAdded(change) == rows.size()) {
                change.reset();
                while (change.next()) {
                    change.getAddedSubList().forEach(row -> shown.add(place(shown, row), row));
                }
            } else {
                shown.setAll(ordered(rows));
            }
        });
        return shown;
    }

    private static int countAdded(ListChangeListener.Change<? extends DoctorRow> change) {
        change.reset();
        int added = 0;
        while (change.next()) {
            added += change.getAddedSize();
        }
        return added;
    }

    /** After the last row that comes before or with {@code row}. */
    private static int place(List<DoctorRow> shown, DoctorRow row) {
        int at = shown.size();
        while (at > 0 && ORDER.compare(shown.get(at - 1), row) > 0) {
            at--;
        }
        return at;
    }

    private static List<DoctorRow> ordered(List<DoctorRow> rows) {
        return rows.stream().sorted(ORDER).toList(); // a stable sort: each group keeps the run's order
    }

    private static int rank(Severity severity) {
        return switch (severity) {
            case FAIL -> 0;
            case WARN -> 1;
            case SKIP, PASS -> 2;
        };
    }
}
