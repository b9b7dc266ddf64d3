package dev.cumps.app.archfixture;

import dev.cumps.core.record.DaemonRecord;
import javafx.scene.control.Label;

/** A view that reads a core type, on purpose, so ProjectArchitectureTest can show "views free of core" fails. */
public final class RecordView {
    private final Label name = new Label();

    public void show(DaemonRecord record) {
        name.setText(record.name());
    }
}
