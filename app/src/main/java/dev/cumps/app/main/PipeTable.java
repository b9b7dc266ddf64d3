package dev.cumps.app.main;

import dev.cumps.app.i18n.Messages;
import dev.cumps.app.ui.style.Severity;
import dev.cumps.app.ui.table.Columns;
import java.util.List;
import javafx.collections.ObservableList;
import javafx.scene.control.TableCell;
import javafx.scene.control.TableColumn;
import javafx.scene.control.TableView;

/** The control-pipes table: path, kind, owner (an unmanaged pipe's owner cell warns). */
public final class PipeTable extends TableView<PipeRow> {

    public PipeTable(ObservableList<PipeRow> rows, Messages messages) {
        super(rows);
        TableColumn<PipeRow, String> owner = Columns.path(messages.get("pipe.owner"), PipeRow::owner, 200);
        owner.setCellFactory(c -> new TableCell<>() {
            @Override
            protected void updateItem(String item, boolean empty) {
                super.updateItem(item, empty);
                setText(empty ? null : item);
                PipeRow row = empty || getTableRow() == null ? null : getTableRow().getItem();
                Severity.apply(this, row != null && !row.managed() ? Severity.WARN : null);
            }
        });
        getColumns().setAll(List.of(
                Columns.path(messages.get("pipe.path"), PipeRow::path, 620),
                Columns.path(messages.get("pipe.kind"), PipeRow::kind, 110),
                owner));
    }
}
