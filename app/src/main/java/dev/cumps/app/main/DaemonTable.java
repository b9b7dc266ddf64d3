package dev.cumps.app.main;

import dev.cumps.app.i18n.Messages;
import dev.cumps.app.ui.style.RecordLook;
import dev.cumps.app.ui.table.Columns;
import dev.cumps.app.ui.table.RecordStateCell;
import java.util.List;
import javafx.scene.control.OverrunStyle;
import javafx.scene.control.TableRow;
import javafx.scene.control.TableView;
import javafx.scene.control.Tooltip;
import javafx.scene.input.KeyCode;

/**
 * The daemons table: one row per record with its state (icon and word), identity and directories;
 * an unreadable record's reason is its row's tooltip. Its selection and the view model's are kept
 * in step both ways; Delete asks to stop the selected daemon.
 */
public final class DaemonTable extends TableView<DaemonRow> {

    private boolean syncingSelection;

    /** @param stop what Delete does while the view model allows a stop */
    public DaemonTable(MainViewModel viewModel, Messages messages, Runnable stop) {
        super(viewModel.daemons());
        getColumns().setAll(List.of(
                Columns.path(messages.get("daemon.name"), DaemonRow::name, 270),
                Columns.row(messages.get("daemon.state"), () -> new RecordStateCell<>(DaemonRow::state, DaemonRow::stateText), 95),
                Columns.fitted(messages.get("daemon.pid"), DaemonRow::pid, 65),
                Columns.fitted(messages.get("daemon.startTicks"), DaemonRow::startTicks, 100),
                Columns.path(messages.get("daemon.gpu"), DaemonRow::gpu, 190),
                Columns.preferring(messages.get("daemon.limits"), DaemonRow::limits, 100, OverrunStyle.WORD_ELLIPSIS),
                Columns.path(messages.get("daemon.pipe"), DaemonRow::pipeDirectory, 170),
                Columns.path(messages.get("daemon.log"), DaemonRow::logDirectory, 170),
                Columns.fitted(messages.get("daemon.age"), DaemonRow::age, 72)));
        setRowFactory(t -> new ReasonRow());
        getSelectionModel().selectedItemProperty().addListener((obs, old, row) -> {
            if (!syncingSelection) {
                viewModel.select(row);
            }
        });
        viewModel.selectedRowProperty().addListener((obs, old, row) -> follow(row));
        setOnKeyPressed(event -> {
            if (event.getCode() == KeyCode.DELETE && !viewModel.stopDisabledBinding().get()) {
                event.consume();
                stop.run();
            }
        });
    }

    /** Shows the view model's selection without echoing it back. */
    private void follow(DaemonRow row) {
        if (getSelectionModel().getSelectedItem() == row) {
            return;
        }
        syncingSelection = true;
        try {
            if (row == null) {
                getSelectionModel().clearSelection();
            } else {
                getSelectionModel().select(row);
            }
        } finally {
            syncingSelection = false;
        }
    }

    /** A row coloured by its state, with the unreadable record's reason as tooltip. */
    private static final class ReasonRow extends TableRow<DaemonRow> {
        /**
         * One tooltip per row, kept across refreshes: a new Tooltip on every refresh would
         * restart its show delay each time, and with auto refresh it would never appear.
         */
        private final Tooltip reason = new Tooltip();

        @Override
        protected void updateItem(DaemonRow item, boolean empty) {
            super.updateItem(item, empty);
            RecordLook.apply(this, empty || item == null ? null : item.state());
            if (empty || item == null || item.reason().isEmpty()) {
                setTooltip(null);
            } else {
                reason.setText(item.reason().get());
                setTooltip(reason);
            }
        }
    }
}
