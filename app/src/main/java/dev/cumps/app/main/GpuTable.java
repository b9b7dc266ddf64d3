package dev.cumps.app.main;

import static dev.cumps.app.main.TableSections.column;

import dev.cumps.app.i18n.Messages;
import dev.cumps.app.live.GpuLoadColumns;
import dev.cumps.app.live.GpuLoadHistory;
import java.util.List;
import javafx.collections.ObservableList;
import javafx.scene.control.TableView;

/**
 * The GPUs table: index, UUID, name, compute mode, memory, MIG, visible, daemons, and the load
 * columns (utilisation and memory used, each a bar and a sparkline of {@code load}).
 */
public final class GpuTable extends TableView<GpuRow> {

    public GpuTable(ObservableList<GpuRow> rows, GpuLoadHistory load, Messages messages) {
        super(rows);
        getColumns().setAll(List.of(
                column(messages.get("gpu.index"), row -> Integer.toString(row.index()), 50),
                column(messages.get("gpu.uuid"), GpuRow::uuid, 300),
                column(messages.get("gpu.name"), GpuRow::name, 190),
                column(messages.get("gpu.computeMode"), GpuRow::computeMode, 170),
                column(messages.get("gpu.memory.column"), GpuRow::memory, 100),
                column(messages.get("gpu.mig"), GpuRow::mig, 80),
                column(messages.get("gpu.visible"), GpuRow::visibleText, 70),
                column(messages.get("gpu.daemon"), GpuRow::daemons, 150)));
        getColumns().add(4, GpuLoadColumns.column(GpuLoadColumns.Kind.UTILIZATION, GpuRow::uuid, load, messages));
        getColumns().add(5, GpuLoadColumns.column(GpuLoadColumns.Kind.MEMORY, GpuRow::uuid, load, messages));
    }
}
