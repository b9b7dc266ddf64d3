package dev.cumps.app.doctor;

import dev.cumps.app.i18n.Messages;
import dev.cumps.app.ui.Dialogs;
import dev.cumps.app.ui.FullTextCell;
import dev.cumps.app.ui.Severity;
import dev.cumps.app.ui.SeverityCell;
import java.util.List;
import java.util.Objects;
import java.util.function.Function;
import javafx.beans.property.ReadOnlyObjectWrapper;
import javafx.beans.property.ReadOnlyStringWrapper;
import javafx.collections.ListChangeListener;
import javafx.geometry.Insets;
import javafx.geometry.Pos;
import javafx.scene.control.Button;
import javafx.scene.control.Label;
import javafx.scene.control.OverrunStyle;
import javafx.scene.control.TableColumn;
import javafx.scene.control.TableView;
import javafx.scene.control.TextField;
import javafx.scene.control.Tooltip;
import javafx.scene.layout.BorderPane;
import javafx.scene.layout.HBox;
import javafx.scene.layout.Priority;
import javafx.scene.layout.Region;
import javafx.scene.layout.VBox;

/**
 * The doctor pane (after Cryptomator's health check): selector, Run and Cancel, one row per check
 * as it arrives, the verdict, Copy (Markdown) and Export (JSON or Markdown). All state is in
 * {@link DoctorViewModel}; this class only binds and forwards clicks.
 */
public final class DoctorView extends BorderPane {

    private final DoctorViewModel viewModel;
    private final Messages messages;
    private final ExportChooser exportChooser;

    /** The pane with the desktop's save dialog behind Export. */
    public DoctorView(DoctorViewModel viewModel) {
        this(viewModel, ExportChooser.fileChooser(viewModel.messages(), viewModel.exportDirectory()));
    }

    /** @param exportChooser asks where Export writes the report */
    public DoctorView(DoctorViewModel viewModel, ExportChooser exportChooser) {
        this.viewModel = Objects.requireNonNull(viewModel, "viewModel");
        this.messages = viewModel.messages();
        this.exportChooser = Objects.requireNonNull(exportChooser, "exportChooser");
        getStyleClass().add("doctor-view");

        Label selectorLabel = new Label(messages.get("doctor.selector"));
        TextField selector = new TextField();
        selector.setId("doctorSelector");
        selector.setPromptText(messages.get("doctor.selector.prompt"));
        selector.setTooltip(new Tooltip(messages.get("doctor.selector.tooltip")));
        selector.setPrefColumnCount(26); // a whole GPU UUID (GPU-…, 40 characters) shows without scrolling
        selector.textProperty().bindBidirectional(viewModel.selectorProperty());
        selector.disableProperty().bind(viewModel.runningProperty());
        selectorLabel.setLabelFor(selector);

        Button run = button("doctorRun", messages.get("doctor.run"), messages.get("doctor.run.tooltip"));
        run.setDefaultButton(true);
        run.disableProperty().bind(viewModel.runningProperty());
        run.setOnAction(e -> viewModel.run());
        selector.setOnAction(e -> viewModel.run());

        Button cancel = button("doctorCancel", messages.get("doctor.cancel"), messages.get("doctor.cancel.tooltip"));
        cancel.disableProperty().bind(viewModel.runningProperty().not());
        cancel.setOnAction(e -> viewModel.cancel());

        Button copy = button("doctorCopy", messages.get("doctor.copy"), messages.get("doctor.copy.tooltip"));
        copy.disableProperty().bind(viewModel.reportAbsentBinding());
        copy.setOnAction(e -> viewModel.copy());

        Button export = button("doctorExport", messages.get("doctor.export"), messages.get("doctor.export.tooltip"));
        export.disableProperty().bind(viewModel.reportAbsentBinding());
        export.setOnAction(e -> chooseExportFile());

        Region spacer = new Region();
        HBox.setHgrow(spacer, Priority.ALWAYS);
        HBox toolbar = new HBox(8, selectorLabel, selector, run, cancel, spacer, copy, export);
        toolbar.setAlignment(Pos.CENTER_LEFT);
        toolbar.getStyleClass().add("pane-toolbar");
        setTop(toolbar);

        TableView<DoctorRow> table = table();
        Label outOfDate = new Label(messages.get("doctor.outOfDate"));
        outOfDate.setId("doctorOutOfDate");
        outOfDate.getStyleClass().add("doctor-out-of-date");
        outOfDate.setWrapText(true);
        outOfDate.visibleProperty().bind(viewModel.outOfDateProperty());
        outOfDate.managedProperty().bind(outOfDate.visibleProperty());
        Severity.apply(outOfDate, Severity.WARN);
        VBox center = new VBox(4, outOfDate, table);
        VBox.setVgrow(table, Priority.ALWAYS);
        setCenter(center);

        Button fix = button("doctorFix", messages.get("doctor.fix"), messages.get("doctor.fix.tooltip"));
        fix.disableProperty().bind(viewModel.fixes().unavailableBinding().or(viewModel.runningProperty()));
        fix.setOnAction(e -> confirmFix(table));
        table.getSelectionModel().selectedIndexProperty().addListener((obs, before, now) -> viewModel.fixes().select(now.intValue()));
        Label feedback = new Label();
        feedback.setId("doctorFeedback");
        feedback.textProperty().bind(viewModel.feedbackProperty());
        feedback.setWrapText(true);

        Label verdict = new Label();
        verdict.setId("doctorVerdict");
        verdict.getStyleClass().add("doctor-verdict");
        verdict.textProperty().bind(viewModel.verdictProperty());
        verdict.setWrapText(true);
        viewModel.verdictSeverityProperty().addListener((obs, old, now) -> Severity.apply(verdict, now));
        Severity.apply(verdict, viewModel.verdictSeverityProperty().get());
        HBox actions = new HBox(8, fix, feedback);
        actions.setAlignment(Pos.CENTER_LEFT);
        VBox bottom = new VBox(6, actions, verdict);
        setBottom(bottom);
        BorderPane.setMargin(bottom, new Insets(6, 0, 0, 0));
        setPadding(new Insets(8));
    }

    /** The pane's name, for the tab or section that holds it. */
    public static String title(Messages messages) {
        return messages.get("doctor.title");
    }

    private TableView<DoctorRow> table() {
        TableView<DoctorRow> table = new TableView<>(viewModel.rows());
        table.setId("doctorTable");
        table.setPlaceholder(new Label(messages.get("doctor.empty")));
        table.setColumnResizePolicy(TableView.CONSTRAINED_RESIZE_POLICY_FLEX_LAST_COLUMN);
        // As many rows as the pane has room for: no fixed height, the table grows with the pane.
        table.setMinHeight(0);
        table.setPrefHeight(Region.USE_COMPUTED_SIZE);
        table.setMaxHeight(Double.MAX_VALUE);

        TableColumn<DoctorRow, DoctorRow> status = new TableColumn<>(messages.get("doctor.column.status"));
        status.setId("doctorStatusColumn");
        status.setCellValueFactory(c -> new ReadOnlyObjectWrapper<>(c.getValue()));
        status.setCellFactory(c -> new SeverityCell<>(DoctorRow::severity, DoctorRow::status));
        status.setPrefWidth(90);
        status.setMaxWidth(120);

        table.getColumns().setAll(List.of(status,
                textColumn(messages.get("doctor.column.check"), DoctorRow::title, 220),
                textColumn(messages.get("doctor.column.observed"), DoctorRow::observed, 260),
                textColumn(messages.get("doctor.column.expected"), DoctorRow::expected, 200),
                remedyColumn()));
        // Follow the run: the newest row stays in view while checks arrive.
        viewModel.rows().addListener((ListChangeListener<DoctorRow>) change -> {
            if (!table.getItems().isEmpty()) {
                table.scrollTo(table.getItems().size() - 1);
            }
        });
        return table;
    }

    private static TableColumn<DoctorRow, String> textColumn(String title, Function<DoctorRow, String> value,
            double width) {
        TableColumn<DoctorRow, String> column = new TableColumn<>(title);
        column.setCellValueFactory(c -> new ReadOnlyStringWrapper(value.apply(c.getValue())));
        column.setCellFactory(c -> new FullTextCell<>(OverrunStyle.CENTER_WORD_ELLIPSIS));
        column.setPrefWidth(width);
        return column;
    }

    /** The remedy, and for a check that did not pass a Guide link to its entry in the user guide. */
    private TableColumn<DoctorRow, DoctorRow> remedyColumn() {
        TableColumn<DoctorRow, DoctorRow> remedy = new TableColumn<>(messages.get("doctor.column.remedy"));
        remedy.setId("doctorRemedyColumn");
        remedy.setCellValueFactory(c -> new ReadOnlyObjectWrapper<>(c.getValue()));
        remedy.setCellFactory(c -> new RemedyCell(messages, this::showGuide));
        remedy.setPrefWidth(300);
        return remedy;
    }

    /** Reads the row's guide entry (off the UI thread) and shows it in a dialog owned by this window. */
    private void showGuide(DoctorRow row) {
        row.guide().ifPresent(anchor -> viewModel.guide().load(anchor, entry -> {
            GuideDialog dialog = new GuideDialog(row.title(), entry, viewModel.guide(), messages);
            Dialogs.own(dialog, getScene() == null ? null : getScene().getWindow());
            dialog.show();
        }));
    }

    /** Shows the dry-run text of the selected row's fixes and applies them when confirmed (Cancel is the default). */
    private void confirmFix(TableView<DoctorRow> table) {
        DoctorRow row = table.getSelectionModel().getSelectedItem();
        if (row == null) {
            return;
        }
        FixDialog dialog = new FixDialog(row.title(), viewModel.fixes().dryRun(), messages);
        // Owned, centred and modeless to the window manager like every dialog: a modal showAndWait
        // un-maximised the main window under openbox.
        Dialogs.own(dialog, getScene() == null ? null : getScene().getWindow());
        dialog.setOnHidden(event -> {
            if (dialog.confirmed()) {
                viewModel.fixes().apply();
            }
        });
        dialog.show();
    }

    private void chooseExportFile() {
        exportChooser.choose(getScene() == null ? null : getScene().getWindow()).ifPresent(viewModel::export);
    }

    private static Button button(String id, String text, String tooltip) {
        Button button = new Button(text);
        button.setId(id);
        button.setTooltip(new Tooltip(tooltip));
        return button;
    }
}
