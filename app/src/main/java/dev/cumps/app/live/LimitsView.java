package dev.cumps.app.live;

import dev.cumps.app.i18n.Messages;
import dev.cumps.app.ui.DisabledReason;
import dev.cumps.app.ui.dialog.Dialogs;
import dev.cumps.app.ui.style.ConsoleStyles;
import dev.cumps.app.ui.style.Severity;
import java.util.Objects;
import java.util.function.Function;
import javafx.beans.binding.Bindings;
import javafx.beans.value.ObservableStringValue;
import javafx.geometry.Insets;
import javafx.scene.control.Button;
import javafx.scene.control.Label;
import javafx.scene.control.TextField;
import javafx.scene.control.Tooltip;
import javafx.scene.layout.BorderPane;
import javafx.scene.layout.GridPane;
import javafx.scene.layout.Region;

/**
 * The Limits pane: for the selected live daemon, each MPS limit as its record holds it and as the
 * daemon reports it now, a field for a new value checked as it is typed (the reason shown under
 * it, Apply disabled while wrong), and Apply…, which asks for confirmation first.
 */
public final class LimitsView extends BorderPane {

    private final LimitsViewModel viewModel;

    public LimitsView(LimitsViewModel viewModel) {
        this.viewModel = Objects.requireNonNull(viewModel, "viewModel");
        Messages messages = viewModel.messages();
        LimitsForm form = viewModel.form();
        getStyleClass().add(ConsoleStyles.LIMITS_VIEW);

        Label hint = new Label();
        hint.setId("limitsHint");
        hint.getStyleClass().add(ConsoleStyles.PANE_HINT);
        hint.textProperty().bind(viewModel.hintProperty());
        hint.setPadding(new Insets(4, 6, 4, 6));
        setTop(hint);

        GridPane grid = new GridPane();
        grid.setId("limitsGrid");
        grid.setHgap(14);
        grid.setVgap(4);
        grid.setPadding(new Insets(6));
        grid.addRow(0, new Label(), heading(messages.get("limits.recorded")), heading(messages.get("limits.current")),
                heading(messages.get("limits.new")));
        TextField percentage = field("limitsPercentage", messages.get("limits.percentage.prompt"));
        percentage.textProperty().bindBidirectional(form.percentageProperty());
        grid.addRow(1, new Label(messages.get("limits.percentage")), value("limitsRecordedPercentage",
                LimitsViewModel.Shown::recordedPercentage), value("limitsCurrentPercentage",
                LimitsViewModel.Shown::currentPercentage), percentage);
        grid.add(problem("limitsPercentageProblem", form.percentageProblemProperty()), 3, 2);
        TextField pinned = field("limitsPinned", messages.get("limits.pinned.prompt"));
        pinned.textProperty().bindBidirectional(form.pinnedProperty());
        grid.addRow(3, new Label(messages.get("limits.pinned")), value("limitsRecordedPinned",
                LimitsViewModel.Shown::recordedPinned), value("limitsCurrentPinned", LimitsViewModel.Shown::currentPinned), pinned);
        grid.add(problem("limitsPinnedProblem", form.pinnedProblemProperty()), 3, 4);

        Button apply = new Button(messages.get("limits.apply"));
        apply.setId("limitsApply");
        apply.setTooltip(new Tooltip(messages.get("limits.apply.tooltip")));
        apply.disableProperty().bind(viewModel.applyDisabledBinding());
        apply.setOnAction(event -> confirm());
        // Enter in a field is Apply…, when Apply is allowed (review L-10).
        percentage.setOnAction(event -> confirmUnless(apply));
        pinned.setOnAction(event -> confirmUnless(apply));
        // Nothing to edit while no daemon's limits can be read or changed (none selected, stale, unreadable).
        percentage.disableProperty().bind(viewModel.shownProperty().isNull());
        pinned.disableProperty().bind(viewModel.shownProperty().isNull());
        grid.add(DisabledReason.wrap(apply,
                new DisabledReason.Why(viewModel.busyProperty(), messages.get("disabled.busy")),
                new DisabledReason.Why(viewModel.shownProperty().isNull(), messages.get("disabled.limits.none")),
                new DisabledReason.Why(viewModel.form().invalidBinding(), messages.get("disabled.limits.invalid"))), 3, 5);
        grid.add(value("limitsServers", LimitsViewModel.Shown::servers), 0, 5, 3, 1);
        setCenter(grid);

        Label outcome = new Label();
        outcome.setId("limitsOutcome");
        outcome.setWrapText(true);
        outcome.textProperty().bind(viewModel.outcomeProperty());
        outcome.setPadding(new Insets(4, 6, 4, 6));
        setBottom(outcome);
    }

    private void confirmUnless(Button apply) {
        if (!apply.isDisabled()) {
            confirm();
        }
    }

    private void confirm() {
        LimitsConfirmDialog dialog = new LimitsConfirmDialog(viewModel.shownProperty().get(), viewModel.form(),
                viewModel.messages());
        Dialogs.confirm(dialog, getScene() == null ? null : getScene().getWindow(), viewModel::apply);
    }

    private static Label heading(String text) {
        Label label = new Label(text);
        label.getStyleClass().add(ConsoleStyles.EVIDENCE_NAME);
        return label;
    }

    private Label value(String id, Function<LimitsViewModel.Shown, String> part) {
        Label label = new Label();
        label.setId(id);
        label.textProperty().bind(Bindings.createStringBinding(() -> viewModel.shownProperty().get() == null ? ""
                : part.apply(viewModel.shownProperty().get()), viewModel.shownProperty()));
        return label;
    }

    private static TextField field(String id, String prompt) {
        TextField field = new TextField();
        field.setId(id);
        field.setPromptText(prompt);
        field.setPrefColumnCount(10);
        // Its own width, not the column's: a reason under it widens the column, not the field (review L-10).
        field.setMaxWidth(Region.USE_PREF_SIZE);
        return field;
    }

    private static Label problem(String id, ObservableStringValue text) {
        Label label = new Label();
        label.setId(id);
        label.setWrapText(true);
        label.setMaxWidth(420);
        label.textProperty().bind(text);
        Severity.apply(label, Severity.FAIL);
        return label;
    }
}
