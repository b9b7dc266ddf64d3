package dev.cumps.app.log;

import dev.cumps.app.i18n.Messages;
import java.util.Objects;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.ScheduledFuture;
import java.util.concurrent.TimeUnit;
import javafx.application.Platform;
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

    /**
     * Ticks the log panes of all windows. Not a {@code Timeline}: a running animation keeps the FX
     * pulse going sixty times a second, which made the idle window burn CPU (docs/performance.md).
     */
    private static final ScheduledExecutorService TICKER = Executors.newSingleThreadScheduledExecutor(r -> {
        Thread t = new Thread(r, "cumps-log-ticker");
        t.setDaemon(true);
        return t;
    });

    private final LogViewModel viewModel;
    /** The periodic tick while the window shows this pane; null while it does not. UI thread. */
    private ScheduledFuture<?> ticker;

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
        return ticker != null;
    }

    private void tick(boolean showing) {
        if (showing && ticker == null) {
            long period = (long) REFRESH_PERIOD.toMillis();
            ticker = TICKER.scheduleAtFixedRate(() -> Platform.runLater(this::tickNow), period, period, TimeUnit.MILLISECONDS);
        } else if (!showing && ticker != null) {
            ticker.cancel(false);
            ticker = null;
        }
    }

    private void tickNow() {
        if (ticker != null && isOnScreen(this)) {
            viewModel.refresh();
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
