package dev.cumps.app.doctor;

import dev.cumps.app.ui.style.Severity;
import java.util.Comparator;
import javafx.collections.ObservableList;
import javafx.collections.transformation.SortedList;

/**
 * The doctor's rows as the table shows them: a sorted view over the page's one list of rows,
 * failures first, then warnings, then the rest, each group in the run's order. A row that arrives is
 * inserted at its place, so the selection (which holds the row) stays.
 */
final class FailuresFirst {

    private FailuresFirst() {
    }

    /** The view of {@code rows} in the table's order. */
    static SortedList<DoctorRow> of(ObservableList<DoctorRow> rows) {
        // Within a group, the run's order: the place in the list of rows (by identity), so equal rows of two GPUs stay apart.
        Comparator<DoctorRow> order = Comparator.<DoctorRow>comparingInt(row -> rank(row.severity()))
                .thenComparingInt(row -> indexOf(rows, row));
        return new SortedList<>(rows, order);
    }

    private static int indexOf(ObservableList<DoctorRow> rows, DoctorRow row) {
        for (int i = 0; i < rows.size(); i++) {
            if (rows.get(i) == row) {
                return i;
            }
        }
        return Integer.MAX_VALUE;
    }

    private static int rank(Severity severity) {
        return switch (severity) {
            case FAIL -> 0;
            case WARN -> 1;
            case SKIP, PASS -> 2;
        };
    }
}
