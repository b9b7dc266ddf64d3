package dev.cumps.app.doctor;

import dev.cumps.core.record.ManagedDaemon;
import javafx.beans.property.StringProperty;
import javafx.beans.value.ObservableValue;

/**
 * The doctor's selector following the daemon selected in the main window, unless the user typed a
 * selector of their own: with several GPUs visible, the core's default (the sole GPU) would not
 * resolve, and the daemon the operator is looking at is what they want diagnosed.
 */
final class DoctorSelection {
    private DoctorSelection() {
    }

    static void follow(StringProperty selector, ObservableValue<ManagedDaemon> selection) {
        selection.addListener((obs, before, now) -> {
            String current = selector.get() == null ? "" : selector.get().strip();
            boolean untouched = current.isEmpty() || before != null && current.equals(before.record().firstGpu());
            if (untouched) {
                selector.set(now == null ? "" : now.record().firstGpu());
            }
        });
        if (selection.getValue() != null && (selector.get() == null || selector.get().isBlank())) {
            selector.set(selection.getValue().record().firstGpu());
        }
    }
}
