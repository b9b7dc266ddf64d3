package dev.cumps.app.log;

import java.util.Objects;

import dev.cumps.app.Messages;
import javafx.animation.Animation;
import javafx.animation.KeyFrame;
import javafx.animation.Timeline;
import javafx.beans.value.ObservableValue;
import javafx.geometry.Insets;
import javafx.geometry.Pos;
import javafx.scene.Node;
import javafx.scene.Scene;
import javafx.scene.control.Button;
import javafx.scene.control.Label;
import javafx.scene.control.TextArea;
import javafx.scene.control.Tooltip;
import javafx.scene.layout.BorderPane;
import javafx.scene.layout.HBox;
import javafx.scene.layout.Priority;
import javafx.stage.Window;
import javafx.util.Duration;

/**
 * The tail of the selected daemon's {@code control.log}: monospace, scrolled to the end whenever it
 * changes, re-read every two seconds while the pane is on screen.
 */
public final class LogView extends BorderPane {

    /** How often the log is read again while shown. */
    static final Duration REFRESH_PERIOD = Duration.seconds(2);

    private final LogViewModel viewModel;
    private final Timeline ticker;

    public LogView(LogViewModel viewModel) {
        this.viewModel = Objects.requireNonNull(viewModel, "viewModel");
        Messages messages = viewModel.messages();
        getStyleClass().add("log-view");

        Label caption = new Label();
        caption.setId("logCaption");
        caption.getStyleClass().add("pane-hint");
        caption.textProperty().bind(viewModel.captionProperty());
        caption.setMaxWidth(Double.MAX_VALUE);
        HBox.setHgrow(caption, Priority.ALWAYS);

        Button refresh = new Button(messages.get("log.refresh"));
        refresh.setId("logRefresh");
        refresh.setTooltip(new Tooltip(messages.get("log.refresh.tooltip")));
        refresh.setOnAction(e -> viewModel.refresh());

        HBox toolbar = new HBox(8, caption, refresh);
        toolbar.setAlignment(Pos.CENTER_LEFT);
        toolbar.getStyleClass().add("pane-toolbar");
        setTop(toolbar);

        TextArea area = new TextArea();
        area.setId("logText");
        area.getStyleClass().add("log-block");
        area.setEditable(false);
        area.setWrapText(false);
        showAtEnd(area, viewModel.textProperty().getValue());
        viewModel.textProperty().addListener((obs, old, now) -> showAtEnd(area, now));
        setCenter(area);
        BorderPane.setMargin(area, new Insets(6, 0, 0, 0));
        setPadding(new Insets(8));

        ticker = new Timeline(new KeyFrame(REFRESH_PERIOD, e -> {
            if (isOnScreen(this)) {
                viewModel.refresh();
            }
        }));
        ticker.setCycleCount(Animation.INDEFINITE);
        // Tick only while the window that holds this pane is showing.
        ObservableValue<Boolean> showing = sceneProperty()
                .flatMap(Scene::windowProperty)
                .flatMap(Window::showingProperty)
                .orElse(false);
        showing.addListener((obs, was, now) -> tick(now));
        tick(showing.getValue());
    }

    /** The pane's name, for the tab or section that holds it. */
    public static String title(Messages messages) {
        return messages.get("log.title");
    }

    /** Whether the periodic refresh is running (the window showing this pane is open). */
    boolean ticking() {
        return ticker.getStatus() == Animation.Status.RUNNING;
    }

    private void tick(boolean showing) {
        if (showing) {
            ticker.play();
        } else {
            ticker.stop();
        }
    }

    private static void showAtEnd(TextArea area, String text) {
        area.setText(text);
        area.positionCaret(text.length());
        area.setScrollTop(Double.MAX_VALUE);
    }

    /** Visible all the way up (an unselected tab hides its content) in a showing window. */
    private static boolean isOnScreen(Node node) {
        for (Node n = node; n != null; n = n.getParent()) {
            if (!n.isVisible()) {
                return false;
            }
        }
        Scene scene = node.getScene();
        return scene != null && scene.getWindow() != null && scene.getWindow().isShowing();
    }
}
