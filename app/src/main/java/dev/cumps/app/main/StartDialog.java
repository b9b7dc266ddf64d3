package dev.cumps.app.main;

import dev.cumps.app.i18n.Messages;
import dev.cumps.app.live.LimitsForm;
import dev.cumps.app.ui.ClipboardSink;
import dev.cumps.app.ui.dialog.DialogKeys;
import dev.cumps.app.ui.dialog.Dialogs;
import dev.cumps.app.ui.dialog.ReservedArea;
import dev.cumps.app.ui.style.ConsoleStyles;
import dev.cumps.app.ui.style.Severity;
import java.util.Objects;
import java.util.function.Consumer;
import javafx.beans.property.StringProperty;
import javafx.event.ActionEvent;
import javafx.scene.Node;
import javafx.scene.control.Button;
import javafx.scene.control.ButtonBar;
import javafx.scene.control.ButtonType;
import javafx.scene.control.Dialog;
import javafx.scene.control.DialogEvent;
import javafx.scene.control.Label;
import javafx.scene.control.ProgressIndicator;
import javafx.scene.control.RadioButton;
import javafx.scene.control.TextField;
import javafx.scene.control.ToggleGroup;
import javafx.scene.control.Tooltip;
import javafx.scene.layout.ColumnConstraints;
import javafx.scene.layout.GridPane;
import javafx.scene.layout.HBox;
import javafx.scene.layout.Priority;
import javafx.scene.layout.Region;
import javafx.scene.layout.VBox;

/**
 * The start dialog. Start is the default button and stays disabled while the name or the request
 * is refused (checked live by the core's preview, so a taken name or a GPU with a daemon shows
 * before Start); Enter presses it only then, the name field has the focus, Escape cancels.
 * The optional MPS limits (active thread percentage, pinned memory limit) are checked as typed, with
 * the reasons {@code cumps start} gives. Pressing Start keeps the dialog open and shows the core's stages until the daemon is recorded
 * (the dialog closes, the main window shows a notice and selects the new row) or the start fails
 * (an error dialog with the message and the control log tail; the dialog stays open to try
 * again). Cancel stays enabled while starting: it aborts the start, which undoes its launch, and
 * the dialog says what that did.
 */
public final class StartDialog extends Dialog<ButtonType> {

    /** Lines reserved for the name's problem, the plan's refusal or note and the start's stage (longer texts scroll). */
    static final int FEEDBACK_LINES = 4;

    private final StartViewModel viewModel;
    private final Messages messages;
    private final ClipboardSink clipboard;
    private final Consumer<StartOutcome> outcomes;

    /**
     * @param clipboard where the failure alert's Copy puts the details
     * @param outcomes  hears what each press of Start came to, on the UI thread (the dialog is modeless): once
     *                  started the dialog has closed; cancelled or failed (the problem in its own alert) it stays open
     */
    public StartDialog(StartViewModel viewModel, Messages messages, ClipboardSink clipboard, Consumer<StartOutcome> outcomes) {
        this.viewModel = Objects.requireNonNull(viewModel, "viewModel");
        this.messages = Objects.requireNonNull(messages, "messages");
        this.clipboard = Objects.requireNonNull(clipboard, "clipboard");
        this.outcomes = Objects.requireNonNull(outcomes, "outcomes");
        setTitle(messages.get("start.title"));
        setHeaderText(messages.get("start.header"));
        getDialogPane().setId("startDialog");
        ButtonType start = new ButtonType(messages.get("start.button"), ButtonBar.ButtonData.OK_DONE);
        ButtonType cancel = new ButtonType(messages.get("main.cancel"), ButtonBar.ButtonData.CANCEL_CLOSE);
        getDialogPane().getButtonTypes().setAll(start, cancel);
        Button startButton = (Button) getDialogPane().lookupButton(start);
        startButton.setId("startConfirm");
        startButton.setTooltip(new Tooltip(messages.get("start.button.tooltip")));
        startButton.disableProperty().bind(viewModel.startDisabledBinding());
        startButton.addEventFilter(ActionEvent.ACTION, event -> {
            event.consume(); // stay open while starting
            viewModel.confirm().ifPresent(task -> task.onSuccess(this::ended));
        });
        Button cancelButton = (Button) getDialogPane().lookupButton(cancel);
        cancelButton.setId("startCancel");
        cancelButton.setTooltip(new Tooltip(messages.get("start.cancel.tooltip")));
        // While starting, Cancel (a click, Escape) aborts the start and the dialog stays to say what was undone.
        cancelButton.addEventFilter(ActionEvent.ACTION, event -> {
            if (viewModel.cancel()) {
                event.consume();
            }
        });
        addEventHandler(DialogEvent.DIALOG_CLOSE_REQUEST, event -> {
            if (viewModel.cancel()) {
                event.consume();
            }
        });
        TextField name = field("startName", viewModel.nameProperty(), messages.get("start.name.tooltip"));
        getDialogPane().setContent(content(name));
        getDialogPane().setPrefWidth(720);
        DialogKeys.form(this, start, cancel, name);
    }

    private Node content(TextField name) {
        ToggleGroup group = new ToggleGroup();
        VBox gpuChoices = new VBox(4);
        gpuChoices.setId("startGpus");
        int i = 0;
        for (StartViewModel.GpuChoice choice : viewModel.choices()) {
            RadioButton radio = new RadioButton(choice.label());
            radio.setToggleGroup(group);
            radio.setId(switch (choice.kind()) {
                case SINGLE -> "startGpu" + i++;
                case SEVERAL -> "startGpuSeveral";
                case ALL -> "startGpuAll";
            });
            radio.setUserData(choice);
            radio.setSelected(choice.equals(viewModel.gpuProperty().get()));
            radio.setDisable(!choice.enabled());
            if (!choice.enabled()) {
                Label reason = new Label(choice.reason());
                reason.getStyleClass().add(ConsoleStyles.MUTED);
                HBox line = new HBox(10, radio, reason);
                // A disabled control shows no tooltip; the reason is on its row and on the row's tooltip.
                Tooltip.install(line, new Tooltip(choice.reason()));
                gpuChoices.getChildren().add(line);
            } else {
                radio.setTooltip(new Tooltip(choice.gpu().map(GpuRow::uuid).orElse("")));
                gpuChoices.getChildren().add(radio);
            }
        }
        group.selectedToggleProperty().addListener((obs, old, toggle) -> {
            if (toggle != null && !viewModel.choose((StartViewModel.GpuChoice) toggle.getUserData())) {
                group.selectToggle(old);
            }
        });

        Label nameProblem = problem("startNameProblem");
        nameProblem.textProperty().bind(viewModel.nameProblemProperty());
        TextField pipe = field("startPipeDir", viewModel.pipeDirectoryProperty(), messages.get("start.pipe.tooltip"));
        TextField log = field("startLogDir", viewModel.logDirectoryProperty(), messages.get("start.log.tooltip"));
        LimitsForm limits = viewModel.limitsForm();
        TextField percentage = field("startPercentage", limits.percentageProperty(), messages.get("start.percentage.tooltip"));
        percentage.setPromptText(messages.get("start.percentage.prompt"));
        TextField pinned = field("startPinned", limits.pinnedProperty(), messages.get("start.pinned.tooltip"));
        pinned.setPromptText(messages.get("start.pinned.prompt"));
        Label percentageProblem = problem("startPercentageProblem");
        percentageProblem.textProperty().bind(limits.percentageProblemProperty());
        Label pinnedProblem = problem("startPinnedProblem");
        pinnedProblem.textProperty().bind(limits.pinnedProblemProperty());
        Label planProblem = problem("startPlanProblem");
        planProblem.textProperty().bind(viewModel.planProblemProperty());
        Label planNote = problem("startPlanNote");
        planNote.textProperty().bind(viewModel.planNoteProperty());
        Severity.apply(planNote, Severity.WARN);

        ProgressIndicator spinner = new ProgressIndicator();
        spinner.setPrefSize(18, 18);
        spinner.visibleProperty().bind(viewModel.runningProperty());
        // No room kept for the spinner once the start is over: the outcome ("Start cancelled…") starts at
        // the field column like the other messages.
        spinner.managedProperty().bind(spinner.visibleProperty());
        Label stage = new Label();
        stage.setId("startStage");
        // Wraps within the form's width like the other messages, never one line past the column.
        stage.setWrapText(true);
        stage.setMinWidth(0);
        stage.setMinHeight(Region.USE_PREF_SIZE);
        stage.setMaxWidth(Double.MAX_VALUE);
        stage.textProperty().bind(viewModel.stageTextProperty());
        HBox progress = new HBox(8, spinner, stage);
        progress.setMinWidth(0);
        HBox.setHgrow(stage, Priority.ALWAYS);
        progress.managedProperty().bind(viewModel.runningProperty().or(stage.textProperty().isNotEmpty()));

        GridPane grid = new GridPane();
        grid.setHgap(10);
        grid.setVgap(8);
        ColumnConstraints labels = new ColumnConstraints();
        labels.setMinWidth(Region.USE_PREF_SIZE); // the labels never shrink to "…"
        ColumnConstraints fields = new ColumnConstraints();
        fields.setHgrow(Priority.ALWAYS);
        grid.getColumnConstraints().setAll(labels, fields);
        int row = 0;
        grid.addRow(row++, label(messages.get("start.gpu"), gpuChoices), gpuChoices);
        grid.addRow(row++, label(messages.get("start.name"), name), name);
        grid.addRow(row++, label(messages.get("start.pipe"), pipe), pipe);
        grid.addRow(row++, label(messages.get("start.log"), log), log);
        grid.addRow(row++, label(messages.get("limits.percentage"), percentage), percentage);
        grid.addRow(row++, label(messages.get("limits.pinned"), pinned), pinned);
        // The live check's refusal or note arrives after the dialog was placed, and a placed dialog
        // does not grow: their room is reserved from the start (empty rows take no room within it).
        grid.add(new ReservedArea("startFeedback", FEEDBACK_LINES, nameProblem, percentageProblem, pinnedProblem,
                planProblem, planNote, progress), 1, row);
        return grid;
    }

    private static TextField field(String id, StringProperty value, String tooltip) {
        TextField field = new TextField();
        field.setId(id);
        field.textProperty().bindBidirectional(value);
        field.setTooltip(new Tooltip(tooltip));
        return field;
    }

    private static Label problem(String id) {
        Label label = new Label();
        label.setId(id);
        label.setWrapText(true); // wraps within the form's width, never cut off
        label.setMinHeight(Region.USE_PREF_SIZE);
        label.setMaxWidth(Double.MAX_VALUE);
        label.managedProperty().bind(label.textProperty().isNotEmpty());
        Severity.apply(label, Severity.FAIL);
        return label;
    }

    private static Label label(String text, Node target) {
        Label label = new Label(text);
        label.setLabelFor(target);
        label.setMinWidth(Region.USE_PREF_SIZE);
        return label;
    }

    private void ended(StartOutcome outcome) {
        outcomes.accept(outcome);
        switch (outcome) {
            case StartOutcome.Started started -> {
                setResult(ButtonType.OK);
                close();
            }
            case StartOutcome.Failed failed -> Dialogs.inform(new StartFailedDialog(failed.problem(), messages, clipboard),
                    getDialogPane().getScene().getWindow());
            case StartOutcome.Cancelled cancelled -> {
                // the dialog stays open and its line says what the cancel undid
            }
        }
    }
}
