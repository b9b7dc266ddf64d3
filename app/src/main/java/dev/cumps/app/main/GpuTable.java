package dev.cumps.app.main;

import dev.cumps.app.i18n.Messages;
import dev.cumps.app.live.GpuLoadColumns;
import dev.cumps.app.live.GpuLoadHistory;
import dev.cumps.app.ui.table.Columns;
import java.util.List;
import javafx.collections.ObservableList;
import javafx.scene.control.OverrunStyle;
import javafx.scene.control.TableView;

/**
 * The GPUs table: index, UUID, name, compute mode, the load columns (utilisation, and memory used of
 * the total, each a bar and a sparkline of {@code load}), MIG, visible, daemons. Short values (mode,
 * MIG, visible, daemons) are never cut, in any language: their columns fit them.
 */
public final class GpuTable extends TableView<GpuRow> {

    public GpuTable(ObservableList<GpuRow> rows, GpuLoadHistory load, Messages messages) {
        super(rows);
        getColumns().setAll(List.of(
                Columns.fitted(messages.get("gpu.index"), row -> Integer.toString(row.index()), 36),
                Columns.path(messages.get("gpu.uuid"), GpuRow::uuid, 160),
                Columns.preferring(messages.get("gpu.name"), GpuRow::name, 190, OverrunStyle.CENTER_ELLIPSIS),
                Columns.fitted(messages.get("gpu.computeMode"), GpuRow::computeMode, 175),
                Columns.fitted(messages.get("gpu.mig"), GpuRow::mig, 110),
                Columns.fitted(messages.get("gpu.visible"), GpuRow::visibleText, 60),
                Columns.fitted(messages.get("gpu.daemon"), GpuRow::daemons, 95)));
        // The UUID and the name give way to the fitted columns: both are cut in the middle, whole in their tooltips.
        getColumns().get(1).setMinWidth(120);
        getColumns().get(2).setMinWidth(110);
        getColumns().add(4, GpuLoadColumns.column(GpuLoadColumns.Kind.UTILIZATION, GpuRow::uuid, load, messages));
        getColumns().add(5, GpuLoadColumns.column(GpuLoadColumns.Kind.MEMORY, GpuRow::uuid, load, messages));
    }
}
