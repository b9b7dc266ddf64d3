package dev.cumps.app.main;

import dev.cumps.app.i18n.Messages;
import dev.cumps.app.ui.Icons;
import java.util.Objects;
import javafx.geometry.Orientation;
import javafx.scene.control.Button;
import javafx.scene.control.ChoiceBox;
import javafx.scene.control.Label;
import javafx.scene.control.Separator;
import javafx.scene.control.ToggleButton;
import javafx.scene.control.Tooltip;
import javafx.scene.layout.HBox;
import javafx.scene.layout.Priority;
import javafx.scene.layout.Region;
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
        Label auto = new Label(messages.get("refresh.auto"));
        auto.setLabelFor(interval);
        Region spacer = new Region();
        HBox.setHgrow(spacer, Priority.ALWAYS);
        getChildren().setAll(start, stop, stopAll, remove, spacer, auto, interval, pause,
                new Separator(Orientation.VERTICAL), refresh);
        getStyleClass().add("toolbar");
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
