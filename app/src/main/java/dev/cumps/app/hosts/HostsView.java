package dev.cumps.app.hosts;

import dev.cumps.app.doctor.DoctorRow;
import dev.cumps.app.doctor.EvidenceTable;
import dev.cumps.app.guide.GuideWindow;
import dev.cumps.app.hosts.HostDetailRows.DaemonLine;
import dev.cumps.app.hosts.HostDetailRows.GpuLine;
import dev.cumps.app.i18n.Messages;
import dev.cumps.app.live.LimitsForm;
import dev.cumps.app.ui.DisabledReason;
import dev.cumps.app.ui.dialog.Dialogs;
import dev.cumps.app.ui.style.ConsoleStyles;
import dev.cumps.app.ui.style.Severity;
import dev.cumps.app.ui.table.Columns;
import dev.cumps.app.ui.table.RecordStateCell;
import java.util.List;
import java.util.Optional;
import java.util.function.Function;
import javafx.beans.binding.Bindings;
import javafx.beans.binding.BooleanBinding;
import javafx.beans.property.ReadOnlyObjectWrapper;
import javafx.beans.property.ReadOnlyStringWrapper;
import javafx.geometry.Insets;
import javafx.geometry.Orientation;
import javafx.geometry.Pos;
import javafx.scene.Node;
import javafx.scene.control.Button;
import javafx.scene.control.ButtonBar;
import javafx.scene.control.ButtonType;
import javafx.scene.control.Label;
import javafx.scene.control.ProgressIndicator;
import javafx.scene.control.SplitPane;
import javafx.scene.control.TableCell;
import javafx.scene.control.TableColumn;
import javafx.scene.control.TableView;
import javafx.scene.control.TextArea;
import javafx.scene.control.TextField;
import javafx.scene.control.Tooltip;
import javafx.scene.layout.HBox;
import javafx.scene.layout.Priority;
import javafx.scene.layout.Region;
import javafx.scene.layout.VBox;
import javafx.scene.text.Font;

/**
 * The Hosts page: a field to add a host, the hosts table (one row per host: state in words, cumps
 * version, driver, GPUs, daemons live/stale, doctor verdict, last read) and, for the selected host, its
 * GPUs and daemons with the actions run there (start on the selected GPU, stop the selected daemon
 * after a confirmation, env block, limits, doctor), new limits for the selected daemon (set there after a
 * confirmation) and what the last one printed.
 *
 * <p>Size: one page of three resizable parts (hosts, the selected host, its output) built in order, one method per part.
 */
public final class HostsView extends VBox {
    /** The least height of the selected host's GPU and daemon tables, in ems: the header and two rows. */
    private static final double TWO_ROWS_EM = 10;
    private final HostsViewModel viewModel;
    private final Messages messages;
    private final TableView<GpuLine> gpus;
    private final TableView<DaemonLine> daemons;

    public HostsView(HostsViewModel viewModel, Messages messages) {
        this.viewModel = viewModel;
        this.messages = messages;
        this.gpus = new TableView<>(viewModel.gpus());
        this.daemons = new TableView<>(viewModel.daemons());
        setId("hostsPage");
        getStyleClass().add(ConsoleStyles.HOSTS_PAGE);
        setSpacing(8);
        setPadding(new Insets(8));

        TextField field = new TextField();
        field.setId("hostField");
        field.setPromptText(messages.get("hosts.field.prompt"));
        HBox.setHgrow(field, Priority.ALWAYS);
        Button add = button("addHost", "hosts.add");
        add.setOnAction(e -> {
            viewModel.add(field.getText());
            if (viewModel.problem(field.getText()).isEmpty()) {
                field.clear();
            }
        });
        field.setOnAction(add.getOnAction());
        Button remove = button("removeHost", "hosts.remove");
        remove.setOnAction(e -> viewModel.removeSelected());
        remove.disableProperty().bind(viewModel.selectedProperty().isNull());
        Button refresh = button("refreshHosts", "hosts.refresh");
        refresh.setOnAction(e -> viewModel.refresh());
        refresh.disableProperty().bind(viewModel.busyProperty());
        ProgressIndicator spinner = new ProgressIndicator();
        spinner.setId("hostsBusy");
        spinner.setPrefSize(18, 18);
        spinner.visibleProperty().bind(viewModel.busyProperty().or(viewModel.actingProperty()));
        HBox bar = new HBox(8, field, add,
                DisabledReason.wrap(remove, new DisabledReason.Why(viewModel.selectedProperty().isNull(),
                        messages.get("disabled.hosts.noHost"))),
                DisabledReason.wrap(refresh, new DisabledReason.Why(viewModel.busyProperty(), messages.get("disabled.hosts.busy"))),
                spinner);
        bar.setAlignment(Pos.CENTER_LEFT);

        TableView<HostRow> hosts = new TableView<>(viewModel.rows());
        hosts.setId("hostsTable");
        hosts.setPlaceholder(new Label(messages.get("hosts.empty")));
        hosts.setColumnResizePolicy(TableView.CONSTRAINED_RESIZE_POLICY_FLEX_LAST_COLUMN);
        hosts.getColumns().add(column("hosts.col.host", HostRow::host, 110));
        TableColumn<HostRow, HostRow> state = new TableColumn<>(messages.get("hosts.col.state"));
        state.setPrefWidth(230);
        state.setCellValueFactory(c -> new ReadOnlyObjectWrapper<>(c.getValue()).getReadOnlyProperty());
        state.setCellFactory(c -> new TableCell<>() {
            @Override
            protected void updateItem(HostRow row, boolean empty) {
                super.updateItem(row, empty);
                setText(empty || row == null ? null : row.state());
                // A failed host's state is a sentence with its remedy: whole as the tooltip (and in the output pane when selected).
                setTooltip(empty || row == null || row.state().isEmpty() ? null : new Tooltip(row.state()));
                Severity.apply(this, empty || row == null ? null : row.severity());
            }
        });
        hosts.getColumns().add(state);
        hosts.getColumns().add(column("hosts.col.version", HostRow::version, 70));
        hosts.getColumns().add(column("hosts.col.driver", HostRow::driver, 90));
        hosts.getColumns().add(column("hosts.col.gpus", HostRow::gpus, 60));
        hosts.getColumns().add(column("hosts.col.daemons", HostRow::daemons, 150));
        hosts.getColumns().add(column("hosts.col.doctor", HostRow::doctor, 110));
        hosts.getColumns().add(column("hosts.col.read", HostRow::lastRead, 70));
        hosts.getSelectionModel().selectedItemProperty().addListener((o, was, row) -> {
            if (row != null) {
                viewModel.selectedProperty().set(row);
            }
        });
        viewModel.selectedProperty().addListener((o, was, row) -> {
            if (row != null && hosts.getSelectionModel().getSelectedItem() != row) {
                hosts.getSelectionModel().select(row);
            }
        });

        gpus.setId("hostGpus");
        gpus.setPlaceholder(new Label(messages.get("hosts.gpus.empty")));
        gpus.setColumnResizePolicy(TableView.CONSTRAINED_RESIZE_POLICY_FLEX_LAST_COLUMN);
        gpus.getColumns().add(column("hosts.gpu.index", GpuLine::index, 40));
        gpus.getColumns().add(column("hosts.gpu.name", GpuLine::name, 140));
        gpus.getColumns().add(column("hosts.gpu.mode", GpuLine::computeMode, 110));
        gpus.getColumns().add(column("hosts.gpu.uuid", GpuLine::uuid, 200));
        daemons.setId("hostDaemons");
        daemons.setPlaceholder(new Label(messages.get("hosts.daemons.empty")));
        daemons.setColumnResizePolicy(TableView.CONSTRAINED_RESIZE_POLICY_FLEX_LAST_COLUMN);
        daemons.getColumns().add(column("hosts.daemon.name", DaemonLine::name, 200));
        // A record's state as the Overview shows it: a stale record's amber triangle, not the word alone (review L-18).
        daemons.getColumns().add(Columns.row(messages.get("hosts.daemon.state"), () -> new RecordStateCell<>(DaemonLine::look, DaemonLine::state),
                90));
        daemons.getColumns().add(column("hosts.daemon.pid", DaemonLine::pid, 70));
        daemons.getColumns().add(column("hosts.daemon.gpus", DaemonLine::gpus, 200));
        // Room for the header and two rows of each, whatever the window's size (review M-9: one row or less at 900×600).
        double twoRows = Font.getDefault().getSize() * TWO_ROWS_EM;
        gpus.setMinHeight(twoRows);
        daemons.setMinHeight(twoRows);
        HBox drill = new HBox(8, titled("hosts.gpus", gpus), titled("hosts.daemons", daemons));
        HBox.setHgrow(drill.getChildren().get(0), Priority.ALWAYS);
        HBox.setHgrow(drill.getChildren().get(1), Priority.ALWAYS);
        drill.setPrefHeight(180);

        Button start = button("startOnHost", "hosts.start");
        start.disableProperty().bind(gpus.getSelectionModel().selectedItemProperty().isNull().or(viewModel.actingProperty()));
        TextField startName = new TextField();
        startName.setId("hostStartName");
        startName.setPromptText(messages.get("hosts.start.name.prompt"));
        startName.setPrefColumnCount(10);
        start.setOnAction(e -> viewModel.start(gpus.getSelectionModel().getSelectedItem().index(), startName.getText()));
        Button stop = button("stopOnHost", "hosts.stop");
        stop.disableProperty().bind(daemons.getSelectionModel().selectedItemProperty().isNull().or(viewModel.actingProperty()));
        stop.setOnAction(e -> confirmStop(daemons.getSelectionModel().getSelectedItem()));
        Button env = button("envOnHost", "hosts.env");
        env.disableProperty().bind(stop.disableProperty());
        env.setOnAction(e -> viewModel.env(daemons.getSelectionModel().getSelectedItem().name()));
        Button limits = button("limitsOnHost", "hosts.limits");
        limits.disableProperty().bind(stop.disableProperty());
        limits.setOnAction(e -> viewModel.limits(daemons.getSelectionModel().getSelectedItem().name()));
        Button doctor = button("doctorOnHost", "hosts.doctor");
        doctor.setTooltip(new Tooltip(messages.get("hosts.doctor.tooltip")));
        doctor.disableProperty().bind(viewModel.selectedProperty().isNull().or(viewModel.actingProperty()));
        doctor.setOnAction(e -> viewModel.doctor(Optional.ofNullable(gpus.getSelectionModel().getSelectedItem()).map(GpuLine::index)));
        DisabledReason.Why acting = new DisabledReason.Why(viewModel.actingProperty(), messages.get("disabled.hosts.acting"));
        DisabledReason.Why noHost = new DisabledReason.Why(viewModel.selectedProperty().isNull(), messages.get("disabled.hosts.noHost"));
        DisabledReason.Why noGpu = new DisabledReason.Why(gpus.getSelectionModel().selectedItemProperty().isNull(),
                messages.get("disabled.hosts.noGpu"));
        DisabledReason.Why noDaemon = new DisabledReason.Why(daemons.getSelectionModel().selectedItemProperty().isNull(),
                messages.get("disabled.hosts.noDaemon"));
        HBox actions = new HBox(8, startName, DisabledReason.wrap(start, noHost, acting, noGpu), DisabledReason.wrap(stop, noHost, acting, noDaemon),
                DisabledReason.wrap(env, noHost, acting, noDaemon), DisabledReason.wrap(limits, noHost, acting, noDaemon),
                DisabledReason.wrap(doctor, noHost, acting));
        actions.setAlignment(Pos.CENTER_LEFT);
        HBox setLimits = limitsRow(stop);

        Label message = new Label();
        message.setId("hostsMessage");
        message.setWrapText(true);
        // the whole outcome (a refused start name, a host's error), wrapped: never one line cut at the edge (review L-18)
        message.setMinHeight(Region.USE_PREF_SIZE);
        message.textProperty().bind(viewModel.messageProperty());
        TextArea detail = new TextArea();
        detail.setId("hostDetail");
        detail.setEditable(false);
        detail.setWrapText(true);
        detail.setPrefRowCount(6);
        detail.getStyleClass().add(ConsoleStyles.MONOSPACE);
        detail.textProperty().bind(viewModel.detailProperty());
        Label outputTitle = new Label(messages.get("hosts.output"));
        outputTitle.getStyleClass().add(ConsoleStyles.SECTION_TITLE);
        Button copy = button("copyHostOutput", "hosts.copy");
        copy.setTooltip(new Tooltip(messages.get("hosts.copy.tooltip")));
        BooleanBinding noOutput = viewModel.detailProperty().isEmpty();
        copy.disableProperty().bind(noOutput);
        copy.setOnAction(e -> viewModel.copyOutput());
        HBox outputBar = new HBox(8, outputTitle, DisabledReason.wrap(copy, new DisabledReason.Why(noOutput, messages.get("disabled.hosts.noOutput"))));
        outputBar.setAlignment(Pos.CENTER_LEFT);
        outputBar.visibleProperty().bind(detail.visibleProperty());
        outputBar.managedProperty().bind(detail.visibleProperty());
        // The doctor's result in the local doctor's evidence table; any other output as text.
        EvidenceTable evidence = new EvidenceTable(viewModel.doctorRows(), messages, this::showGuide);
        evidence.setId("hostDoctorTable");
        evidence.setMinHeight(0);
        Label diagnosed = new Label();
        diagnosed.setId("hostDoctorGpu");
        diagnosed.getStyleClass().add(ConsoleStyles.DOCTOR_DIAGNOSED);
        diagnosed.setWrapText(true);
        diagnosed.textProperty().bind(viewModel.doctorGpuProperty());
        BooleanBinding doctored = Bindings.isNotEmpty(viewModel.doctorRows());
        for (Node n : List.of(evidence, diagnosed)) {
            n.visibleProperty().bind(doctored);
            n.managedProperty().bind(doctored);
        }
        detail.visibleProperty().bind(doctored.not());
        detail.managedProperty().bind(detail.visibleProperty());
        VBox.setVgrow(evidence, Priority.ALWAYS);
        VBox.setVgrow(detail, Priority.ALWAYS);
        VBox output = new VBox(4, diagnosed, evidence, outputBar, detail);
        output.setId("hostOutput");
        output.setMinHeight(0);

        // Three parts the reader can size: the hosts, the selected host with its actions, the output.
        hosts.setMinHeight(0);
        // The selected host's part keeps what its parts need (two rows of each table, the actions): the split pane moves
        // its dividers rather than squeeze it (review M-9).
        VBox.setVgrow(drill, Priority.ALWAYS);
        VBox selectedHost = new VBox(8, drill, actions, setLimits, message);
        SplitPane parts = new SplitPane(hosts, selectedHost, output);
        parts.setId("hostsParts");
        parts.setOrientation(Orientation.VERTICAL);
        parts.setDividerPositions(0.28, 0.62);
        VBox.setVgrow(parts, Priority.ALWAYS);
        getChildren().addAll(bar, parts);
    }

    /** Opens the user guide inside the application, in the window's language, at the row's entry. */
    private void showGuide(DoctorRow row) {
        row.guide().ifPresent(anchor -> GuideWindow.show(getScene() == null ? null : getScene().getWindow(), messages, anchor));
    }

    /**
     * New limits for the selected daemon: the Limits page's two fields (checked as typed, the reason shown
     * beside them) and Set limits…, which asks first; enabled with a daemon selected and valid values.
     */
    private HBox limitsRow(Button stop) {
        LimitsForm form = viewModel.limitsForm();
        TextField percentage = new TextField();
        percentage.setId("hostLimitsPercentage");
        percentage.setPromptText(messages.get("limits.percentage.prompt"));
        percentage.setPrefColumnCount(5);
        percentage.textProperty().bindBidirectional(form.percentageProperty());
        TextField pinned = new TextField();
        pinned.setId("hostLimitsPinned");
        pinned.setPromptText(messages.get("limits.pinned.prompt"));
        pinned.setPrefColumnCount(8);
        pinned.textProperty().bindBidirectional(form.pinnedProperty());
        Label problem = new Label();
        problem.setId("hostLimitsProblem");
        problem.setWrapText(true);
        problem.textProperty().bind(Bindings.when(form.percentageProblemProperty().isEmpty())
                .then(form.pinnedProblemProperty()).otherwise(form.percentageProblemProperty()));
        Severity.apply(problem, Severity.FAIL);
        Button set = button("setLimitsOnHost", "hosts.setLimits");
        set.disableProperty().bind(stop.disableProperty().or(form.invalidBinding()));
        set.setOnAction(e -> confirmLimits(daemons.getSelectionModel().getSelectedItem(), form));
        HBox row = new HBox(8, new Label(messages.get("limits.percentage")), percentage, new Label(messages.get("limits.pinned")), pinned,
                set, problem);
        row.setAlignment(Pos.CENTER_LEFT);
        return row;
    }

    private void confirmLimits(DaemonLine daemon, LimitsForm form) {
        HostRow row = viewModel.selectedProperty().get();
        if (daemon == null || row == null) {
            return;
        }
        Label body = new Label(messages.get("hosts.limits.body", form.percentageText(), form.pinnedText(), row.host()));
        body.setId("hostLimitsValues");
        body.setPrefWidth(460);
        confirm("hostLimits", messages.get("hosts.limits.title"), messages.get("hosts.limits.header", daemon.name(), row.host()), body,
                new ButtonType(messages.get("limits.confirm.action"), ButtonBar.ButtonData.OK_DONE), () -> viewModel.setLimits(daemon.name()));
    }

    private void confirmStop(DaemonLine daemon) {
        HostRow row = viewModel.selectedProperty().get();
        if (daemon == null || row == null) {
            return;
        }
        Label body = new Label(messages.get("hosts.stop.body", daemon.pid(), row.host()));
        confirm("hostStop", messages.get("hosts.stop.title"), messages.get("hosts.stop.header", daemon.name(), row.host()), body,
                new ButtonType(messages.get("stop.button"), ButtonBar.ButtonData.OTHER), () -> viewModel.stop(daemon.name()));
    }

    /** A {@link HostConfirmation} through the dialog fitting; {@code onYes} runs when the user confirmed. */
    private void confirm(String id, String title, String header, Label body, ButtonType yes, Runnable onYes) {
        Dialogs.confirm(new HostConfirmation(id, title, header, body, yes, messages),
                getScene() == null ? null : getScene().getWindow(), onYes);
    }

    private VBox titled(String key, TableView<?> table) {
        Label title = new Label(messages.get(key));
        title.getStyleClass().add(ConsoleStyles.SECTION_TITLE);
        VBox box = new VBox(4, title, table);
        VBox.setVgrow(table, Priority.ALWAYS);
        return box;
    }

    private Button button(String id, String key) {
        Button b = new Button(messages.get(key));
        b.setId(id);
        return b;
    }

    private <T> TableColumn<T, String> column(String key, Function<T, String> value, double width) {
        TableColumn<T, String> c = new TableColumn<>(messages.get(key));
        c.setPrefWidth(width);
        c.setCellValueFactory(cell -> new ReadOnlyStringWrapper(value.apply(cell.getValue())).getReadOnlyProperty());
        return c;
    }
}
