package dev.cumps.app.doctor;

import dev.cumps.app.guide.GuideWindow;
import dev.cumps.app.i18n.Messages;
import dev.cumps.app.ui.DisabledReason;
import dev.cumps.app.ui.dialog.Dialogs;
import dev.cumps.app.ui.dialog.SaveDialog;
import dev.cumps.app.ui.style.ConsoleStyles;
import dev.cumps.app.ui.style.Severity;
import java.util.Objects;
import javafx.beans.binding.Bindings;
import javafx.beans.value.ObservableValue;
import javafx.geometry.Insets;
import javafx.geometry.Pos;
import javafx.scene.control.Button;
import javafx.scene.control.Label;
import javafx.scene.control.ScrollPane;
import javafx.scene.control.Separator;
import javafx.scene.control.TableView;
import javafx.scene.control.TextField;
import javafx.scene.control.Tooltip;
import javafx.scene.layout.BorderPane;
import javafx.scene.layout.HBox;
import javafx.scene.layout.Priority;
import javafx.scene.layout.Region;
import javafx.scene.layout.VBox;

/**
 * The doctor page (after Cryptomator's health check): the results table with the whole height, one
 * row per check as it arrives, failures first; beside it the selector, Run and Cancel, the verdict,
 * the selected row whole (observed, expected, remedy, Guide, Fix…), Copy (Markdown) and Export
 * (JSON or Markdown). All state is in
 * {@link DoctorViewModel}; this class only binds and forwards clicks.
 */
public final class DoctorView extends BorderPane {

    private final DoctorViewModel viewModel;
    private final Messages messages;
    private final ExportChooser exportChooser;

    /** The pane with the desktop's save dialog behind Export. */
    public DoctorView(DoctorViewModel viewModel) {
        this(viewModel, ExportChooser.fileChooser(viewModel.messages(), viewModel.exportDirectory(), SaveDialog.desktop()));
    }

    /** @param exportChooser asks where Export writes the report */
    public DoctorView(DoctorViewModel viewModel, ExportChooser exportChooser) {
        this.viewModel = Objects.requireNonNull(viewModel, "viewModel");
        this.messages = viewModel.messages();
        this.exportChooser = Objects.requireNonNull(exportChooser, "exportChooser");
        getStyleClass().add(ConsoleStyles.DOCTOR_VIEW);

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

        HBox runRow = new HBox(8,
                DisabledReason.wrap(run, new DisabledReason.Why(viewModel.runningProperty(), messages.get("disabled.doctor.running"))),
                DisabledReason.wrap(cancel, new DisabledReason.Why(viewModel.runningProperty().not(),
                        messages.get("disabled.doctor.notRunning"))));
        runRow.setAlignment(Pos.CENTER_LEFT);
        HBox shareRow = new HBox(8,
                DisabledReason.wrap(copy, new DisabledReason.Why(viewModel.reportAbsentBinding(), messages.get("disabled.doctor.noReport"))),
                DisabledReason.wrap(export, new DisabledReason.Why(viewModel.reportAbsentBinding(),
                        messages.get("disabled.doctor.noReport"))));
        shareRow.setAlignment(Pos.CENTER_LEFT);

        TableView<DoctorRow> table = table();
        Label outOfDate = new Label(messages.get("doctor.outOfDate"));
        outOfDate.setId("doctorOutOfDate");
        outOfDate.getStyleClass().add(ConsoleStyles.DOCTOR_OUT_OF_DATE);
        outOfDate.setWrapText(true);
        outOfDate.visibleProperty().bind(viewModel.outOfDateProperty());
        outOfDate.managedProperty().bind(outOfDate.visibleProperty());
        Severity.apply(outOfDate, Severity.WARN);

        Button fix = button("doctorFix", messages.get("doctor.fix"), messages.get("doctor.fix.tooltip"));
        fix.disableProperty().bind(viewModel.fixes().unavailableBinding().or(viewModel.runningProperty()));
        fix.setOnAction(e -> confirmFix(table));
        viewModel.fixes().selectedProperty().bind(table.getSelectionModel().selectedItemProperty());
        // Each note beside the buttons it is about, wrapping in the room left; the buttons keep their names
        // (review 2026-12-06 M-6 and L-3: "Saved <path>" beside Fix… squeezed it to "…").
        Label feedback = note("doctorFeedback", viewModel.feedbackProperty());
        Label fixOutcome = note("doctorFixOutcome", viewModel.fixOutcomeProperty());
        fix.setMinWidth(Region.USE_PREF_SIZE);

        Label verdict = new Label();
        verdict.setId("doctorVerdict");
        verdict.getStyleClass().add(ConsoleStyles.DOCTOR_VERDICT);
        verdict.textProperty().bind(viewModel.verdictProperty());
        verdict.setWrapText(true);
        viewModel.verdictSeverityProperty().addListener((obs, old, now) -> Severity.apply(verdict, now));
        Severity.apply(verdict, viewModel.verdictSeverityProperty().get());

        DoctorDetail detail = new DoctorDetail(messages, this::showGuide);
        detail.rowProperty().bind(table.getSelectionModel().selectedItemProperty());
        HBox fixRow = new HBox(8, DisabledReason.wrap(fix,
                new DisabledReason.Why(viewModel.runningProperty(), messages.get("disabled.doctor.running")),
                new DisabledReason.Why(viewModel.fixes().unavailableBinding(), messages.get("disabled.fix.none"))), fixOutcome);
        fixRow.setAlignment(Pos.CENTER_LEFT);

        VBox side = new VBox(8, selectorLabel, selector, runRow, verdict, outOfDate, new Separator(), detail, fixRow,
                new Separator(), shareRow, feedback);
        side.getStyleClass().add(ConsoleStyles.DOCTOR_SIDE);
        side.setFillWidth(true);
        ScrollPane sideScroll = new ScrollPane(side);
        sideScroll.setId("doctorSide");
        sideScroll.setFitToWidth(true);
        sideScroll.setHbarPolicy(ScrollPane.ScrollBarPolicy.NEVER);
        sideScroll.getStyleClass().add(ConsoleStyles.DOCTOR_SIDE_SCROLL);
        sideScroll.setMinWidth(SIDE_MIN_WIDTH);
        // A third of the page, between the two limits: a narrow window keeps its room for the table.
        sideScroll.prefWidthProperty().bind(Bindings.createDoubleBinding(
                () -> Math.max(SIDE_MIN_WIDTH, Math.min(SIDE_WIDTH, getWidth() / 3)), widthProperty()));
        sideScroll.setMaxWidth(SIDE_WIDTH);
        Label diagnosed = new Label();
        diagnosed.setId("doctorGpu");
        diagnosed.getStyleClass().add(ConsoleStyles.DOCTOR_DIAGNOSED);
        diagnosed.setWrapText(true);
        diagnosed.textProperty().bind(viewModel.diagnosedProperty());
        diagnosed.visibleProperty().bind(viewModel.diagnosedProperty().isNotEmpty());
        diagnosed.managedProperty().bind(diagnosed.visibleProperty());
        VBox center = new VBox(4, diagnosed, table);
        VBox.setVgrow(table, Priority.ALWAYS);
        center.setMinWidth(0);
        setCenter(center);
        setRight(sideScroll);
        BorderPane.setMargin(sideScroll, new Insets(0, 0, 0, 8));
        setPadding(new Insets(8));
    }

    /** The side panel's width: a whole GPU UUID in the selector, the run buttons, the detail's sentences. */
    static final double SIDE_WIDTH = 320;
    static final double SIDE_MIN_WIDTH = 260;

    /** The pane's name, for the tab or section that holds it. */
    public static String title(Messages messages) {
        return messages.get("doctor.title");
    }

    private TableView<DoctorRow> table() {
        EvidenceTable table = new EvidenceTable(FailuresFirst.of(viewModel.rows()), messages, this::showGuide).placeholder("doctor.empty");
        table.setId("doctorTable");
        // As many rows as the pane has room for: no fixed height, the table grows with the pane.
        table.setMinHeight(0);
        table.setPrefHeight(Region.USE_COMPUTED_SIZE);
        table.setMaxHeight(Double.MAX_VALUE);
        // Failures first, then warnings, then the rest in the run's order: the rows the user must act on
        // are at the top, never scrolled away while checks arrive.
        table.getStyleClass().add(ConsoleStyles.DOCTOR_TABLE);
        return table;
    }

    /** Opens the user guide inside the application, in the window's language, at the row's entry. */
    private void showGuide(DoctorRow row) {
        row.guide().ifPresent(anchor -> GuideWindow.show(getScene() == null ? null : getScene().getWindow(), messages, anchor));
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
        Dialogs.confirm(dialog, getScene() == null ? null : getScene().getWindow(), viewModel.fixes()::apply);
    }

    private void chooseExportFile() {
        exportChooser.choose(getScene() == null ? null : getScene().getWindow()).ifPresent(viewModel::export);
    }

    /** A wrapped note showing {@code text}, taking only the room its row leaves. */
    private static Label note(String id, ObservableValue<String> text) {
        Label note = new Label();
        note.setId(id);
        note.textProperty().bind(text);
        note.setWrapText(true);
        note.setMinWidth(0);
        HBox.setHgrow(note, Priority.ALWAYS);
        return note;
    }

    private static Button button(String id, String text, String tooltip) {
        Button button = new Button(text);
        button.setId(id);
        button.setTooltip(new Tooltip(tooltip));
        return button;
    }
}
