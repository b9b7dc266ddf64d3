package dev.cumps.app.main;

import dev.cumps.app.i18n.Messages;
import dev.cumps.app.ui.DisabledReason;
import dev.cumps.app.ui.style.ConsoleStyles;
import dev.cumps.app.ui.style.Icons;
import java.util.List;
import java.util.Objects;
import javafx.beans.binding.Bindings;
import javafx.beans.property.ReadOnlyBooleanProperty;
import javafx.beans.property.ReadOnlyObjectProperty;
import javafx.geometry.Orientation;
import javafx.scene.Node;
import javafx.scene.control.Button;
import javafx.scene.control.ChoiceBox;
import javafx.scene.control.ContentDisplay;
import javafx.scene.control.Label;
import javafx.scene.control.Labeled;
import javafx.scene.control.Separator;
import javafx.scene.control.ToggleButton;
import javafx.scene.control.Tooltip;
import javafx.scene.layout.HBox;
import javafx.scene.layout.Priority;
import javafx.scene.layout.Region;
import javafx.scene.text.Text;
import javafx.util.StringConverter;
import org.kordamp.ikonli.feather.Feather;

/**
 * The actions above the tables: Start, Stop, Stop all, Remove record (each disabled as the view
 * model says), then the automatic refresh's interval and pause, and Refresh now.
 */
public final class ActionToolbar extends HBox {

    /** What the buttons do; the main view opens the dialogs. */
    public record Actions(Runnable start, Runnable stop, Runnable stopAll, Runnable remove) {
        public Actions {
            Objects.requireNonNull(start, "start");
            Objects.requireNonNull(stop, "stop");
            Objects.requireNonNull(stopAll, "stopAll");
            Objects.requireNonNull(remove, "remove");
        }
    }

    private final Messages messages;

    public ActionToolbar(MainViewModel viewModel, Messages messages, Actions actions) {
        super(8);
        this.messages = Objects.requireNonNull(messages, "messages");
        Button start = button("startButton", messages.get("main.start"), messages.get("main.start.tooltip"), actions.start());
        Button stop = button("stopButton", messages.get("main.stop"), messages.get("main.stop.tooltip"), actions.stop());
        stop.disableProperty().bind(viewModel.stopDisabledBinding());
        Button stopAll = button("stopAllButton", messages.get("main.stopAll"), messages.get("main.stopAll.tooltip"),
                actions.stopAll());
        stopAll.disableProperty().bind(viewModel.stopAllDisabledBinding());
        Button remove = button("removeButton", messages.get("main.remove"), messages.get("main.remove.tooltip"),
                actions.remove());
        remove.disableProperty().bind(viewModel.removeDisabledBinding());
        Button refresh = button("refreshButton", messages.get("refresh.now"), messages.get("refresh.now.tooltip"),
                viewModel::refresh);
        Icons.on(start, Feather.PLAY);
        Icons.on(stop, Feather.SQUARE);
        Icons.on(stopAll, Feather.STOP_CIRCLE);
        Icons.on(remove, Feather.TRASH_2);
        Icons.on(refresh, Feather.REFRESH_CW);

        ChoiceBox<Integer> interval = interval(viewModel);
        ToggleButton pause = new ToggleButton(messages.get("refresh.pause"));
        pause.setId("pauseButton");
        Icons.on(pause, Feather.PAUSE);
        pause.setTooltip(new Tooltip(messages.get("refresh.pause.tooltip")));
        pause.selectedProperty().bindBidirectional(viewModel.pausedProperty());
        // Paused is a state the toolbar shows: the button says Resume (with the play icon) and the
        // interval cannot be changed until it is pressed.
        pause.textProperty().bind(Bindings.when(pause.selectedProperty())
                .then(messages.get("refresh.resume")).otherwise(messages.get("refresh.pause")));
        pause.selectedProperty().addListener((obs, was, paused) -> Icons.on(pause, paused ? Feather.PLAY_CIRCLE : Feather.PAUSE));
        Icons.on(pause, pause.isSelected() ? Feather.PLAY_CIRCLE : Feather.PAUSE);
        interval.disableProperty().bind(pause.selectedProperty());
        Label auto = new Label(messages.get("refresh.auto"));
        auto.setLabelFor(interval);
        Region spacer = new Region();
        HBox.setHgrow(spacer, Priority.ALWAYS);
        ReadOnlyBooleanProperty busy = viewModel.busyProperty();
        ReadOnlyObjectProperty<DaemonRow> row = viewModel.tables().selectedRowProperty();
        DisabledReason stopWhy = DisabledReason.wrap(stop,
                new DisabledReason.Why(busy, messages.get("disabled.busy")),
                new DisabledReason.Why(row.isNull(), messages.get("disabled.stop.none")),
                new DisabledReason.Why(Bindings.createBooleanBinding(() -> row.get() != null && !row.get().live(), row),
                        messages.get("disabled.stop.stale", messages.get("main.remove"))));
        DisabledReason stopAllWhy = DisabledReason.wrap(stopAll,
                new DisabledReason.Why(busy, messages.get("disabled.busy")),
                new DisabledReason.Why(viewModel.stopAllDisabledBinding(), messages.get("disabled.stopAll.none")));
        DisabledReason removeWhy = DisabledReason.wrap(remove,
                new DisabledReason.Why(busy, messages.get("disabled.busy")),
                new DisabledReason.Why(row.isNull(), messages.get("disabled.remove.none")),
                new DisabledReason.Why(Bindings.createBooleanBinding(() -> row.get() != null && !row.get().removable(), row),
                        messages.get("disabled.remove.live", messages.get("main.stop"))));
        getChildren().setAll(start, stopWhy, stopAllWhy, removeWhy, spacer, auto, interval, pause,
                new Separator(Orientation.VERTICAL), refresh);
        getStyleClass().add(ConsoleStyles.TOOLBAR);
        labelled = List.of(start, stop, stopAll, remove, pause, refresh);
        autoLabel = auto;
    }

    private final List<Labeled> labelled;
    private final Label autoLabel;
    /** Whether the buttons show their icons only (their names stay as tooltips and for screen readers). */
    private boolean compact;

    /**
     * A window too narrow for every button's name shows the buttons' icons only, each named by its
     * tooltip, rather than cutting a name ("Stop …", "Pa…"); they get their names back when it widens.
     */
    @Override
    protected void layoutChildren() {
        double full = fullWidth();
        // The "Auto refresh:" label goes first: a name a little longer (Pause → Resume) never turns every
        // button into a bare icon (review 2026-12-06 M-7).
        double withoutLabel = full - autoLabel.prefWidth(-1) - getSpacing();
        boolean names = getWidth() >= withoutLabel;
        boolean label = names && getWidth() >= full;
        if (names == compact) {
            compact = !names;
            ContentDisplay display = compact ? ContentDisplay.GRAPHIC_ONLY : ContentDisplay.LEFT;
            labelled.forEach(button -> button.setContentDisplay(display));
        }
        if (autoLabel.isVisible() != label) {
            autoLabel.setVisible(label);
            autoLabel.setManaged(label);
        }
        super.layoutChildren();
    }

    /** The width the toolbar needs with every name shown. */
    private double fullWidth() {
        double width = snappedLeftInset() + snappedRightInset() + getSpacing() * (getChildren().size() - 1);
        for (Node wrapped : getChildren()) {
            Node child = wrapped instanceof DisabledReason why ? why.control() : wrapped;
            if (child instanceof Labeled button && labelled.contains(button)) {
                width += named(button);
            } else if (child == autoLabel) {
                width += autoLabel.prefWidth(-1);
            } else {
                width += child.prefWidth(-1);
            }
        }
        return width;
    }

    /** A button's width with its name and icon shown. */
    private static double named(Labeled button) {
        if (button.getContentDisplay() != ContentDisplay.GRAPHIC_ONLY) {
            return button.prefWidth(-1);
        }
        Text text = new Text(button.getText());
        text.setFont(button.getFont());
        return button.prefWidth(-1) + text.getLayoutBounds().getWidth() + button.getGraphicTextGap();
    }

    private ChoiceBox<Integer> interval(MainViewModel viewModel) {
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
        // And the other way: File → Preferences… (or the saved interval) sets the view model's.
        viewModel.intervalSecondsProperty().addListener((obs, old, seconds) -> interval.setValue(seconds.intValue()));
        interval.setTooltip(new Tooltip(messages.get("refresh.interval.tooltip")));
        return interval;
    }

    private static Button button(String id, String text, String tooltip, Runnable action) {
        Button button = new Button(text);
        button.setId(id);
        button.setTooltip(new Tooltip(tooltip));
        button.setOnAction(event -> action.run());
        return button;
    }
}
