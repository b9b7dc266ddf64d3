package dev.cumps.app.live;

import dev.cumps.app.i18n.Messages;
import dev.cumps.app.ui.DisabledReason;
import dev.cumps.app.ui.dialog.Dialogs;
import dev.cumps.app.ui.style.ConsoleStyles;
import dev.cumps.app.ui.table.Columns;
import java.util.List;
import java.util.Objects;
import java.util.Optional;
import javafx.beans.binding.Bindings;
import javafx.geometry.Insets;
import javafx.geometry.Pos;
import javafx.scene.control.Button;
import javafx.scene.control.Label;
import javafx.scene.control.Tooltip;
import javafx.scene.control.TreeItem;
import javafx.scene.control.TreeTableView;
import javafx.scene.layout.BorderPane;
import javafx.scene.layout.HBox;
import javafx.scene.layout.Priority;

/**
 * The Clients pane: a tree of the selected daemon, its MPS servers and their clients (pid, user,
 * command, GPU memory, running time), rebuilt from {@link ClientsViewModel#treeProperty()} after
 * each refresh with the selected line kept by pid; the hint above it says what is shown or why
 * nothing is.
 */
public final class ClientsView extends BorderPane {

    private final ClientsViewModel viewModel;
    private final TreeTableView<ClientLine> tree = new TreeTableView<>();
    /** The tree's distance from the page's edges: the focus ring (about 3 px outside it) is drawn whole. */
    static final double TREE_MARGIN = 6;

    public ClientsView(ClientsViewModel viewModel) {
        this.viewModel = Objects.requireNonNull(viewModel, "viewModel");
        Messages messages = viewModel.messages();
        getStyleClass().add(ConsoleStyles.CLIENTS_VIEW);

        Label hint = new Label();
        hint.setId("clientsHint");
        hint.getStyleClass().add(ConsoleStyles.PANE_HINT);
        hint.textProperty().bind(viewModel.hintProperty());
        hint.setMaxWidth(Double.MAX_VALUE);
        HBox.setHgrow(hint, Priority.ALWAYS);
        ClientActions actions = viewModel.actions();
        Button terminate = new Button(messages.get("terminate.button"));
        terminate.setId("terminateClient");
        terminate.setTooltip(new Tooltip(messages.get("terminate.button.tooltip")));
        terminate.disableProperty().bind(Bindings.createBooleanBinding(() -> actions.busyProperty().get()
                || selectedTarget().isEmpty(), actions.busyProperty(), tree.getSelectionModel().selectedItemProperty()));
        terminate.setOnAction(event -> selectedTarget().ifPresent(target -> actions.prepare(target).onSuccess(this::confirm)));
        HBox bar = new HBox(8, hint, DisabledReason.wrap(terminate,
                new DisabledReason.Why(actions.busyProperty(), messages.get("disabled.busy")),
                new DisabledReason.Why(Bindings.createBooleanBinding(() -> selectedTarget().isEmpty(),
                        tree.getSelectionModel().selectedItemProperty()), messages.get("disabled.terminate.none"))));
        bar.setAlignment(Pos.CENTER_LEFT);
        bar.setPadding(new Insets(4, 6, 4, 6));
        setTop(bar);

        tree.setId("clientsTree");
        tree.setShowRoot(true);
        tree.setColumnResizePolicy(TreeTableView.CONSTRAINED_RESIZE_POLICY_FLEX_LAST_COLUMN);
        Label empty = new Label();
        empty.textProperty().bind(viewModel.hintProperty());
        tree.setPlaceholder(empty);
        tree.getColumns().setAll(List.of(
                Columns.treeText(messages.get("clients.column.process"), ClientLine::process, 170),
                Columns.treeText(messages.get("clients.column.user"), ClientLine::user, 90),
                Columns.treeText(messages.get("clients.column.detail"), ClientLine::detail, 330),
                Columns.treeText(messages.get("clients.column.memory"), ClientLine::memory, 100),
                Columns.treeText(messages.get("clients.column.running"), ClientLine::running, 110)));
        setCenter(tree);
        // Room for the focus ring on every side, not only left and top (review 2026-12-06 L-26).
        BorderPane.setMargin(tree, new Insets(0, TREE_MARGIN, TREE_MARGIN, TREE_MARGIN));
        Label outcome = new Label();
        outcome.setId("clientsOutcome");
        outcome.setWrapText(true);
        outcome.textProperty().bind(actions.outcomeProperty());
        outcome.managedProperty().bind(outcome.textProperty().isNotEmpty());
        outcome.setPadding(new Insets(4, 6, 4, 6));
        setBottom(outcome);
        show(viewModel.treeProperty().get());
        viewModel.treeProperty().addListener((o, a, now) -> show(now));
    }

    private Optional<ClientLine.Target> selectedTarget() {
        TreeItem<ClientLine> item = tree.getSelectionModel().getSelectedItem();
        return item == null ? Optional.empty() : item.getValue().target();
    }

    /** The confirmation of what the core found; Terminate on OK only. */
    private void confirm(TerminateConfirmation target) {
        TerminateClientDialog dialog = new TerminateClientDialog(target, viewModel.messages());
        Dialogs.confirm(dialog, getScene() == null ? null : getScene().getWindow(), () -> viewModel.actions().terminate(target));
    }

    private void show(ClientLine root) {
        Optional<String> selected = Optional.ofNullable(tree.getSelectionModel().getSelectedItem())
                .map(item -> item.getValue().kind() + ":" + item.getValue().pid());
        if (root == null) {
            tree.setRoot(null);
            return;
        }
        TreeItem<ClientLine> item = item(root);
        tree.setRoot(item);
        selected.flatMap(key -> find(item, key)).ifPresent(found -> tree.getSelectionModel().select(found));
    }

    private static TreeItem<ClientLine> item(ClientLine line) {
        TreeItem<ClientLine> item = new TreeItem<>(line);
        item.setExpanded(true);
        line.children().forEach(child -> item.getChildren().add(item(child)));
        return item;
    }

    private static Optional<TreeItem<ClientLine>> find(TreeItem<ClientLine> item, String key) {
        if ((item.getValue().kind() + ":" + item.getValue().pid()).equals(key)) {
            return Optional.of(item);
        }
        return item.getChildren().stream().map(child -> find(child, key)).flatMap(Optional::stream).findFirst();
    }
}
