package dev.cumps.app.main;

import java.util.List;
import java.util.Objects;
import java.util.function.Function;

import dev.cumps.app.i18n.Messages;
import dev.cumps.app.ui.RecordLook;
import dev.cumps.app.ui.Severity;
import dev.cumps.app.ui.SeverityCell;
import dev.cumps.app.ui.Styles;
import dev.cumps.core.lifecycle.StopOutcome;
import dev.cumps.core.proc.ProcessTable;
import dev.cumps.core.record.ManagedDaemon;
import javafx.beans.property.ReadOnlyStringWrapper;
import javafx.beans.value.ObservableValue;
import javafx.geometry.Orientation;
import javafx.scene.Node;
import javafx.scene.Scene;
import javafx.scene.control.Alert;
import javafx.scene.control.Button;
import javafx.scene.control.ButtonBar;
import javafx.scene.control.ButtonType;
import javafx.scene.control.ChoiceBox;
import javafx.animation.PauseTransition;
import javafx.scene.control.Label;
import javafx.scene.control.Separator;
import javafx.scene.control.SplitPane;
import javafx.scene.control.Tab;
import javafx.scene.control.TabPane;
import javafx.scene.control.TableCell;
import javafx.scene.control.TableColumn;
import javafx.scene.control.TableRow;
import javafx.scene.control.TableView;
import javafx.scene.control.ToggleButton;
import javafx.scene.control.Tooltip;
import javafx.scene.input.KeyCode;
import javafx.scene.input.KeyCodeCombination;
import javafx.scene.input.KeyCombination;
import javafx.scene.layout.BorderPane;
import org.controlsfx.control.NotificationPane;
import javafx.scene.layout.FlowPane;
import javafx.scene.layout.HBox;
import javafx.scene.layout.Priority;
import javafx.scene.layout.Region;
import javafx.scene.layout.VBox;
import javafx.util.StringConverter;

/**
 * The main window's content: the host summary, the actions, the GPUs / control pipes / daemons
 * tables, and the doctor, env, log and activity panes. It binds to {@link MainViewModel} and opens
 * the start and stop dialogs; it makes no decision of its own.
 */
public final class MainView extends BorderPane {

    private final MainViewModel viewModel;
    private final Messages messages;
    private final ProcessTable processes;
    private final Panes panes;

    private final TableView<GpuRow> gpus = new TableView<>();
    private final TableView<PipeRow> pipes = new TableView<>();
    private final TableView<DaemonRow> daemons = new TableView<>();
    private final Button startButton;
    private final Button stopButton;
    private final Button stopAllButton;
    private final Button removeButton;
    private final Button refreshButton;
    private boolean syncingSelection;
    private static final javafx.util.Duration NOTIFICATION_TIME = javafx.util.Duration.seconds(6);

    /**
     * @param processes where the stop confirmation reads the current {@code /proc} start time
     *                  (evidence only; the core decides)
     */
    public MainView(MainViewModel viewModel, Panes panes, Messages messages, ProcessTable processes) {
        this.viewModel = Objects.requireNonNull(viewModel, "viewModel");
        this.panes = Objects.requireNonNull(panes, "panes");
        this.messages = Objects.requireNonNull(messages, "messages");
        this.processes = Objects.requireNonNull(processes, "processes");
        getStyleClass().add("main-view");

        startButton = button("startButton", messages.get("main.start"), messages.get("main.start.tooltip"), this::startDaemon);
        stopButton = button("stopButton", messages.get("main.stop"), messages.get("main.stop.tooltip"), this::stopDaemon);
        stopButton.disableProperty().bind(viewModel.stopDisabledBinding());
        stopAllButton = button("stopAllButton", messages.get("main.stopAll"), messages.get("main.stopAll.tooltip"), this::stopAll);
        stopAllButton.disableProperty().bind(viewModel.stopAllDisabledBinding());
        removeButton = button("removeButton", messages.get("main.remove"), messages.get("main.remove.tooltip"), this::removeRecord);
        removeButton.disableProperty().bind(viewModel.removeDisabledBinding());
        refreshButton = button("refreshButton", messages.get("refresh.now"), messages.get("refresh.now.tooltip"), viewModel::refresh);

        setTop(new VBox(headerBar(), hostBar(), toolbar()));
        buildTables();
        VBox tables = new VBox(
                section("gpus", messages.get("main.gpus"), messages.get("main.gpus.empty"), gpus),
                section("pipes", messages.get("main.pipes"), messages.get("main.pipes.empty"), pipes),
                section("daemons", messages.get("main.daemons"), messages.get("main.daemons.empty"), daemons));
        tables.getStyleClass().add("sections");
        TabPane tabs = new TabPane(
                tab("doctorTab", messages.get("main.tab.doctor"), panes.doctor()),
                tab("envTab", messages.get("main.tab.env"), panes.env()),
                tab("logTab", messages.get("main.tab.log"), panes.log()),
                tab("activityTab", messages.get("main.tab.activity"), panes.activity()));
        tabs.setId("panes");
        tabs.setTabClosingPolicy(TabPane.TabClosingPolicy.UNAVAILABLE);
        SplitPane split = new SplitPane(tables, tabs);
        split.setOrientation(Orientation.VERTICAL);
        split.setDividerPositions(0.64);
        SplitPane.setResizableWithParent(tabs, false);
        setCenter(notifications(split));
        setBottom(statusBar());
    }

    // ------------------------------------------------------------------ layout

    private Node headerBar() {
        Label header = new Label(messages.get("main.header"));
        header.getStyleClass().add(Styles.HEADER);
        Label badge = new Label(messages.get("app.simulated"));
        badge.setId("simulatedBadge");
        badge.getStyleClass().add(Styles.SIMULATED_BADGE);
        badge.setTooltip(new Tooltip(messages.get("header.simulated.tooltip")));
        badge.visibleProperty().bind(viewModel.simulatedProperty());
        badge.managedProperty().bind(badge.visibleProperty());
        Label lastRefresh = new Label();
        lastRefresh.setId("lastRefresh");
        lastRefresh.getStyleClass().add("muted");
        lastRefresh.textProperty().bind(viewModel.lastRefreshProperty());
        Region spacer = new Region();
        HBox.setHgrow(spacer, Priority.ALWAYS);
        HBox top = new HBox(12, header, badge, spacer, lastRefresh);
        top.getStyleClass().add("header-bar");
        return top;
    }

    private Node hostBar() {
        Label smi = fact("smiStatus", messages.get("header.smi"), viewModel.smiProperty());
        viewModel.smiSeverityProperty().addListener((obs, old, severity) -> Severity.apply(smi, severity));
        Severity.apply(smi, viewModel.smiSeverityProperty().get());
        Label diagnostic = new Label();
        diagnostic.setId("diagnostic");
        diagnostic.getStyleClass().add("diagnostic");
        diagnostic.setWrapText(true);
        diagnostic.textProperty().bind(viewModel.diagnosticProperty());
        diagnostic.visibleProperty().bind(viewModel.diagnosticProperty().isNotEmpty());
        diagnostic.managedProperty().bind(diagnostic.visibleProperty());
        Severity.apply(diagnostic, Severity.FAIL);
        FlowPane facts = new FlowPane(18, 4,
                fact("platform", messages.get("header.platform"), viewModel.platformProperty()),
                fact("driver", messages.get("header.driver"), viewModel.driverProperty()),
                smi,
                fact("visibleDevices", messages.get("header.mask"), viewModel.visibleDevicesProperty()));
        VBox bar = new VBox(4, facts, diagnostic);
        bar.getStyleClass().add("host-bar");
        return bar;
    }

    private static Label fact(String id, String name, ObservableValue<String> value) {
        Label label = new Label();
        label.setId(id);
        label.getStyleClass().add("fact");
        label.textProperty().bind(javafx.beans.binding.Bindings.concat(name, ": ", value));
        return label;
    }

    private Node toolbar() {
        ChoiceBox<Integer> interval = new ChoiceBox<>();
        interval.setId("refreshInterval");
        interval.getItems().setAll(MainViewModel.INTERVALS);
        interval.setConverter(new StringConverter<>() {
            @Override
            public String toString(Integer seconds) {
                return seconds == null ? "" : messages.get("refresh.every", seconds);
            }

            @Override
            public Integer fromString(String text) {
                throw new UnsupportedOperationException();
            }
        });
        interval.setValue(viewModel.intervalSecondsProperty().get());
        interval.valueProperty().addListener((obs, old, seconds) -> {
            if (seconds != null) {
                viewModel.intervalSecondsProperty().set(seconds);
            }
        });
        interval.setTooltip(new Tooltip(messages.get("refresh.interval.tooltip")));
        ToggleButton pause = new ToggleButton(messages.get("refresh.pause"));
        pause.setId("pauseButton");
        pause.setTooltip(new Tooltip(messages.get("refresh.pause.tooltip")));
        pause.selectedProperty().bindBidirectional(viewModel.pausedProperty());
        Label auto = new Label(messages.get("refresh.auto"));
        auto.setLabelFor(interval);
        Region spacer = new Region();
        HBox.setHgrow(spacer, Priority.ALWAYS);
        HBox bar = new HBox(8, startButton, stopButton, stopAllButton, removeButton, spacer,
                auto, interval, pause, new Separator(Orientation.VERTICAL), refreshButton);
        bar.getStyleClass().add("toolbar");
        return bar;
    }

    /**
     * The outcome of an action also slides in above the tables (ControlsFX {@link NotificationPane})
     * and hides itself after a few seconds; the status line below keeps the last one.
     */
    private Node notifications(Node content) {
        NotificationPane pane = new NotificationPane(content);
        pane.setId("notifications");
        pane.setShowFromTop(true);
        PauseTransition hide = new PauseTransition(NOTIFICATION_TIME);
        hide.setOnFinished(event -> pane.hide());
        viewModel.noticeProperty().addListener((obs, old, value) -> {
            if (value == null) {
                pane.hide();
                return;
            }
            Label glyph = new Label(SeverityCell.glyph(value.severity()));
            Severity.apply(glyph, value.severity());
            pane.show(value.text(), glyph);
            hide.playFromStart();
        });
        return pane;
    }

    private Node statusBar() {
        Label notice = new Label();
        notice.setId("notice");
        notice.setWrapText(true);
        viewModel.noticeProperty().addListener((obs, old, value) -> {
            notice.setText(value == null ? "" : value.text());
            Severity.apply(notice, value == null ? null : value.severity());
        });
        HBox bar = new HBox(notice);
        bar.getStyleClass().add("status-bar");
        return bar;
    }

    private static Button button(String id, String text, String tooltip, Runnable action) {
        Button button = new Button(text);
        button.setId(id);
        button.setTooltip(new Tooltip(tooltip));
        button.setOnAction(event -> action.run());
        return button;
    }

    private static Tab tab(String id, String title, Node content) {
        Tab tab = new Tab(title, content);
        tab.setId(id);
        return tab;
    }

    private static VBox section(String id, String title, String empty, TableView<?> table) {
        Label label = new Label(title);
        label.setId(id + "Title");
        label.getStyleClass().add(Styles.SECTION_TITLE);
        label.setLabelFor(table);
        table.setId(id + "Table");
        table.setPlaceholder(new Label(empty));
        table.setColumnResizePolicy(TableView.CONSTRAINED_RESIZE_POLICY_FLEX_LAST_COLUMN);
        VBox section = new VBox(label, table);
        section.getStyleClass().add("section");
        VBox.setVgrow(table, Priority.ALWAYS);
        VBox.setVgrow(section, Priority.ALWAYS);
        return section;
    }

    // ------------------------------------------------------------------ tables

    private void buildTables() {
        gpus.setItems(viewModel.gpus());
        gpus.getColumns().setAll(List.of(
                column(messages.get("gpu.index"), row -> Integer.toString(row.index()), 50),
                column(messages.get("gpu.uuid"), GpuRow::uuid, 320),
                column(messages.get("gpu.name"), GpuRow::name, 190),
                column(messages.get("gpu.computeMode"), GpuRow::computeMode, 130),
                column(messages.get("gpu.memory.column"), GpuRow::memory, 100),
                column(messages.get("gpu.mig"), GpuRow::mig, 80),
                column(messages.get("gpu.visible"), GpuRow::visibleText, 70),
                column(messages.get("gpu.daemon"), GpuRow::daemons, 150)));

        pipes.setItems(viewModel.pipes());
        TableColumn<PipeRow, String> owner = column(messages.get("pipe.owner"), PipeRow::owner, 200);
        owner.setCellFactory(c -> new TableCell<>() {
            @Override
            protected void updateItem(String item, boolean empty) {
                super.updateItem(item, empty);
                setText(empty ? null : item);
                PipeRow row = empty || getTableRow() == null ? null : getTableRow().getItem();
                Severity.apply(this, row != null && !row.managed() ? Severity.WARN : null);
            }
        });
        pipes.getColumns().setAll(List.of(
                column(messages.get("pipe.path"), PipeRow::path, 620),
                column(messages.get("pipe.kind"), PipeRow::kind, 110),
                owner));

        daemons.setItems(viewModel.daemons());
        TableColumn<DaemonRow, DaemonRow> state = new TableColumn<>(messages.get("daemon.state"));
        state.setCellValueFactory(c -> new javafx.beans.property.ReadOnlyObjectWrapper<>(c.getValue()));
        state.setCellFactory(c -> new StateCell());
        state.setPrefWidth(110);
        daemons.getColumns().setAll(List.of(
                column(messages.get("daemon.name"), DaemonRow::name, 230),
                state,
                column(messages.get("daemon.pid"), DaemonRow::pid, 70),
                column(messages.get("daemon.startTicks"), DaemonRow::startTicks, 110),
                column(messages.get("daemon.gpu"), DaemonRow::gpu, 300),
                column(messages.get("daemon.pipe"), DaemonRow::pipeDirectory, 260),
                column(messages.get("daemon.log"), DaemonRow::logDirectory, 260),
                column(messages.get("daemon.age"), DaemonRow::age, 90)));
        daemons.setColumnResizePolicy(TableView.UNCONSTRAINED_RESIZE_POLICY);
        daemons.setRowFactory(t -> new TableRow<>() {
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
        });
        daemons.getSelectionModel().selectedItemProperty().addListener((obs, old, row) -> {
            if (!syncingSelection) {
                viewModel.select(row);
            }
        });
        viewModel.selectedRowProperty().addListener((obs, old, row) -> {
            if (daemons.getSelectionModel().getSelectedItem() != row) {
                syncingSelection = true;
                try {
                    if (row == null) {
                        daemons.getSelectionModel().clearSelection();
                    } else {
                        daemons.getSelectionModel().select(row);
                    }
                } finally {
                    syncingSelection = false;
                }
            }
        });
        daemons.setOnKeyPressed(event -> {
            if (event.getCode() == KeyCode.DELETE && !viewModel.stopDisabledBinding().get()) {
                event.consume();
                stopDaemon();
            }
        });
    }

    private static <R> TableColumn<R, String> column(String title, Function<R, String> value, double width) {
        TableColumn<R, String> column = new TableColumn<>(title);
        column.setCellValueFactory(c -> new ReadOnlyStringWrapper(value.apply(c.getValue())));
        column.setPrefWidth(width);
        return column;
    }

    /** The state: an icon whose shape differs per state (colour is not the only cue) and the word. */
    private static final class StateCell extends TableCell<DaemonRow, DaemonRow> {
        private final Region icon = new Region();

        StateCell() {
            icon.getStyleClass().add("state-icon");
        }

        @Override
        protected void updateItem(DaemonRow item, boolean empty) {
            super.updateItem(item, empty);
            if (empty || item == null) {
                setText(null);
                setGraphic(null);
                RecordLook.apply(icon, null);
            } else {
                setText(item.stateText());
                RecordLook.apply(icon, item.state());
                setGraphic(icon);
            }
        }
    }

    // ------------------------------------------------------------------ actions

    /** Ctrl+N and the Start button: the start dialog. */
    public void startDaemon() {
        StartViewModel start = new StartViewModel(viewModel.context(), viewModel.visibleGpus());
        StartDialog dialog = new StartDialog(start, messages, viewModel);
        dialog.initOwner(getScene() == null ? null : getScene().getWindow());
        dialog.show();
    }

    /** Delete and the Stop button: confirmation with the evidence, then the core's stop. */
    public void stopDaemon() {
        ManagedDaemon daemon = viewModel.selectedDaemonProperty().get();
        if (viewModel.stopDisabledBinding().get() || daemon == null) {
            return;
        }
        StopViewModel stop = new StopViewModel(viewModel.context(), daemon, processes);
        Alert confirmation = StopConfirmation.create(stop, messages);
        owned(confirmation);
        confirmation.setOnHidden(event -> {
            if (confirmation.getResult() != null
                    && confirmation.getResult().getButtonData() == ButtonBar.ButtonData.OK_DONE) {
                viewModel.stop(stop, outcome -> {
                    if (outcome.result() != StopOutcome.Result.STOPPED) {
                        showStopOutcome(stop.notice(outcome));
                    }
                });
            }
        });
        confirmation.show();
    }

    /** A stop that did not stop (stale, unreadable, failed) says so in a dialog, not only in passing. */
    private void showStopOutcome(Notice notice) {
        Alert report = new Alert(notice.severity() == Severity.FAIL ? Alert.AlertType.ERROR : Alert.AlertType.WARNING);
        report.setTitle(messages.get("stop.title"));
        report.setHeaderText(null);
        report.setContentText(notice.text());
        report.getDialogPane().setId("stopOutcome");
        report.getButtonTypes().setAll(new ButtonType(messages.get("main.close"), ButtonBar.ButtonData.OK_DONE));
        owned(report);
        report.show();
    }

    /**
     * Confirmation first: the header counts the live daemons of the last refresh (the ones that get
     * signalled); the list names them, then the stale and unreadable records that are only cleaned.
     */
    private void stopAll() {
        List<String> lines = new java.util.ArrayList<>();
        viewModel.daemons().stream().filter(DaemonRow::live).forEach(row -> lines.add(row.name()));
        int live = lines.size();
        viewModel.daemons().stream().filter(row -> !row.live())
                .forEach(row -> lines.add(row.name() + " (" + row.stateText() + ")"));
        Alert confirmation = new Alert(Alert.AlertType.CONFIRMATION);
        confirmation.setTitle(messages.get("stop.all.title"));
        confirmation.setHeaderText(messages.get("stop.all.header", live));
        confirmation.setContentText(String.join("\n", lines));
        ButtonType stop = new ButtonType(messages.get("main.stopAll"), ButtonBar.ButtonData.OK_DONE);
        confirmation.getButtonTypes().setAll(stop, new ButtonType(messages.get("main.cancel"), ButtonBar.ButtonData.CANCEL_CLOSE));
        confirmation.getDialogPane().setId("stopAllConfirmation");
        owned(confirmation);
        confirmation.setOnHidden(event -> {
            if (confirmation.getResult() == stop) {
                viewModel.stopAll(this::showStopAllOutcomes);
            }
        });
        confirmation.show();
    }

    private void showStopAllOutcomes(List<StopOutcome> outcomes) {
        Alert report = new Alert(Alert.AlertType.INFORMATION);
        report.setTitle(messages.get("stop.all.title"));
        report.setHeaderText(messages.get("stop.all.outcomes"));
        VBox lines = new VBox(4);
        lines.setId("stopAllOutcomes");
        for (StopOutcome o : outcomes) {
            Label line = new Label(messages.get("stop.all.line", o.name(), resultText(o.result()), o.message()));
            line.setWrapText(true);
            Severity.apply(line, switch (o.result()) {
                case STOPPED -> Severity.PASS;
                case STALE_REMOVED, UNREADABLE_QUARANTINED -> Severity.WARN;
                case FAILED -> Severity.FAIL;
            });
            lines.getChildren().add(line);
        }
        if (outcomes.isEmpty()) {
            lines.getChildren().add(new Label(messages.get("stop.all.nothing")));
        }
        report.getDialogPane().setContent(lines);
        report.getButtonTypes().setAll(new ButtonType(messages.get("main.close"), ButtonBar.ButtonData.OK_DONE));
        owned(report);
        report.show();
    }

    private String resultText(StopOutcome.Result result) {
        return switch (result) {
            case STOPPED -> messages.get("stop.result.stopped");
            case STALE_REMOVED -> messages.get("stop.result.stale");
            case UNREADABLE_QUARANTINED -> messages.get("stop.result.unreadable");
            case FAILED -> messages.get("stop.result.failed");
        };
    }

    private void removeRecord() {
        DaemonRow row = viewModel.selectedRowProperty().get();
        if (row == null || !row.removable()) {
            return;
        }
        Alert confirmation = new Alert(Alert.AlertType.CONFIRMATION);
        confirmation.setTitle(messages.get("remove.title"));
        confirmation.setHeaderText(messages.get("remove.header", row.name(), row.stateText()));
        confirmation.setContentText(messages.get("remove.content"));
        ButtonType remove = new ButtonType(messages.get("main.remove"), ButtonBar.ButtonData.OK_DONE);
        confirmation.getButtonTypes().setAll(remove, new ButtonType(messages.get("main.cancel"), ButtonBar.ButtonData.CANCEL_CLOSE));
        confirmation.getDialogPane().setId("removeConfirmation");
        owned(confirmation);
        confirmation.setOnHidden(event -> {
            if (confirmation.getResult() == remove) {
                viewModel.removeSelected();
            }
        });
        confirmation.show();
    }

    private void owned(Alert alert) {
        if (getScene() != null && getScene().getWindow() != null) {
            alert.initOwner(getScene().getWindow());
        }
    }

    /** F5 refresh, Ctrl+N start, Ctrl+Shift+C copy env; Delete is the daemons table's own key. */
    public void installShortcuts(Scene scene) {
        scene.getAccelerators().put(new KeyCodeCombination(KeyCode.F5), viewModel::refresh);
        scene.getAccelerators().put(new KeyCodeCombination(KeyCode.N, KeyCombination.SHORTCUT_DOWN), this::startDaemon);
        scene.getAccelerators().put(new KeyCodeCombination(KeyCode.C, KeyCombination.SHORTCUT_DOWN, KeyCombination.SHIFT_DOWN),
                panes.copyEnv());
    }

    public MainViewModel viewModel() {
        return viewModel;
    }
}
