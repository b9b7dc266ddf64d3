package dev.cumps.app.doctor;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertSame;

import dev.cumps.app.ui.style.Severity;
import java.util.List;
import java.util.Optional;
import javafx.collections.FXCollections;
import javafx.collections.ObservableList;
import org.junit.jupiter.api.Test;

/**
 * The table's order is a sorted view over the page's one list of rows: failures, then warnings, then
 * the rest, each group in the run's order, also for rows whose texts are equal (one check of two GPUs
 * with the same result), and a row that arrives later takes its place without disturbing the others.
 */
class FailuresFirstTest {

    private static DoctorRow row(String id, Severity severity) {
        return new DoctorRow(id, severity, severity.name(), id, "", "", "", Optional.empty());
    }

    @Test
    void failuresThenWarningsThenTheRestEachInTheRunsOrder() {
        DoctorRow pass = row("platform", Severity.PASS);
        DoctorRow gpu0 = row("daemon_count", Severity.FAIL);
        DoctorRow warn = row("stale_records", Severity.WARN);
        DoctorRow gpu1 = row("daemon_count", Severity.FAIL);
        ObservableList<DoctorRow> rows = FXCollections.observableArrayList(pass, gpu0, warn);
        List<DoctorRow> shown = FailuresFirst.of(rows);

        assertEquals(List.of(gpu0, warn, pass), shown);
        rows.add(gpu1);
        assertEquals(4, shown.size());
        assertSame(gpu0, shown.get(0), "the first GPU's failure stays first");
        assertSame(gpu1, shown.get(1), "an equal failure of the second GPU comes after it");
        assertSame(warn, shown.get(2));
        assertSame(pass, shown.get(3));

        rows.clear();
        assertEquals(List.of(), shown);
    }
}
