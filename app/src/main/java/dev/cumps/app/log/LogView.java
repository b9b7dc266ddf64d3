package dev.cumps.app.log;

import dev.cumps.app.i18n.Messages;
import dev.cumps.app.ui.DisabledReason;
import dev.cumps.app.ui.UiExecutor;
import dev.cumps.app.ui.style.ConsoleStyles;
import java.time.Duration;
import java.util.List;
import java.util.Objects;
import javafx.application.Platform;
import javafx.beans.value.ObservableValue;
import javafx.css.PseudoClass;
import javafx.geometry.Insets;
import javafx.geometry.Pos;
import javafx.scene.Node;
import javafx.scene.Scene;
import javafx.scene.control.Button;
import javafx.scene.control.CheckBox;
import javafx.scene.control.Label;
import javafx.scene.control.ScrollPane;
import javafx.scene.control.TextArea;
import javafx.scene.control.ToggleButton;
import javafx.scene.control.Tooltip;
import javafx.scene.input.KeyEvent;
import javafx.scene.input.MouseEvent;
import javafx.scene.input.ScrollEvent;
import javafx.scene.layout.BorderPane;
import javafx.scene.layout.HBox;
import javafx.scene.layout.Priority;
import javafx.scene.layout.Region;
import javafx.stage.Window;

/**
 * The tail of the selected daemon's {@code control.log}: monospace, re-read every two seconds
 * while the pane is on screen. It follows new lines (keeps the end in sight) until the user
 * scrolls up; then Follow is off, the view stays still and says that new lines wait, and Follow
 * (or scrolling back to the end) shows them. Wrap and Open folder sit beside it; the last log of a daemon
 * that stopped stays, marked in the caption.
 */
public final class LogView extends BorderPane {

    /** How often the log is read again while shown. */
    static final Duration REFRESH_PERIOD = Duration.ofSeconds(2);
    private static final PseudoClass STOPPED = PseudoClass.getPseudoClass("stopped");

    private final LogViewModel viewModel;
    private final TextArea area = new TextArea();
    private final Label pendingNote = new Label();
    /** The latest text while the user reads further up (not following); null when shown. UI thread. */
    private String pending;
    /** The periodic tick while the window shows this pane; null while it does not. UI thread. */
    private UiExecutor.Timer ticker;

    public LogView(LogViewModel viewModel) {
        this.viewModel = Objects.requireNonNull(viewModel, "viewModel");
        Messages messages = viewModel.messages();
        getStyleClass().add(ConsoleStyles.LOG_VIEW);

        Label caption = new Label();
        caption.setId("logCaption");
        caption.getStyleClass().addAll(ConsoleStyles.PANE_HINT, ConsoleStyles.LOG_CAPTION);
        caption.textProperty().bind(viewModel.captionProperty());
        caption.setMaxWidth(Double.MAX_VALUE);
        caption.tooltipProperty().bind(caption.textProperty().map(Tooltip::new));
        caption.pseudoClassStateChanged(STOPPED, viewModel.stoppedProperty().get());
        viewModel.stoppedProperty().addListener((obs, was, now) -> caption.pseudoClassStateChanged(STOPPED, now));
        HBox.setHgrow(caption, Priority.ALWAYS);

        ToggleButton follow = new ToggleButton(messages.get("log.follow"));
        follow.setId("logFollow");
        follow.setTooltip(new Tooltip(messages.get("log.follow.tooltip")));
        follow.selectedProperty().bindBidirectional(viewModel.followingProperty());
        viewModel.followingProperty().addListener((obs, was, now) -> {
            if (now) {
                catchUp();
            }
        });

        CheckBox wrap = new CheckBox(messages.get("log.wrap"));
        wrap.setId("logWrap");
        wrap.setTooltip(new Tooltip(messages.get("log.wrap.tooltip")));
        wrap.selectedProperty().bindBidirectional(viewModel.wrapProperty());

        Button open = new Button(messages.get("log.folder"));
        open.setId("logOpenFolder");
        open.setTooltip(new Tooltip(messages.get("log.folder.tooltip")));
        open.disableProperty().bind(viewModel.folderAvailableProperty().not());
        open.setOnAction(e -> viewModel.openFolder());

        Button refresh = new Button(messages.get("log.refresh"));
        refresh.setId("logRefresh");
        refresh.setTooltip(new Tooltip(messages.get("log.refresh.tooltip")));
        refresh.setOnAction(e -> viewModel.refresh());

        pendingNote.setId("logPending");
        pendingNote.setText(messages.get("log.pending"));
        pendingNote.getStyleClass().add(ConsoleStyles.PANE_HINT);
        pendingNote.managedProperty().bind(pendingNote.visibleProperty());
        pendingNote.setVisible(false);

        // The caption gives way to the buttons, never the other way round (review 2026-12-06 M-6: "Wra…", "Open …").
        for (Region named : List.of(follow, wrap, open, refresh)) {
            named.setMinWidth(Region.USE_PREF_SIZE);
        }
        caption.setMinWidth(0);
        HBox toolbar = new HBox(8, caption, pendingNote, follow, wrap, DisabledReason.wrap(open,
                new DisabledReason.Why(viewModel.folderAvailableProperty().not(), messages.get("disabled.log.none"))), refresh);
        toolbar.setAlignment(Pos.CENTER_LEFT);
        toolbar.getStyleClass().add(ConsoleStyles.PANE_TOOLBAR);
        setTop(toolbar);

        area.setId("logText");
        area.getStyleClass().add(ConsoleStyles.LOG_BLOCK);
        area.setEditable(false);
        area.wrapTextProperty().bind(viewModel.wrapProperty());
        show(viewModel.textProperty().getValue());
        viewModel.textProperty().addListener((obs, old, now) -> show(now));
        area.skinProperty().addListener((obs, old, now) -> keepEndInSightWhileFollowing());
        // Following stops when the user moves away from the end and resumes when they come back to it.
        // (Filters: the text area's scroll pane consumes these events before they bubble back up.)
        area.addEventFilter(ScrollEvent.SCROLL, e -> Platform.runLater(this::userMoved));
        area.addEventFilter(KeyEvent.KEY_RELEASED, e -> Platform.runLater(this::userMoved));
        area.addEventFilter(MouseEvent.MOUSE_RELEASED, e -> Platform.runLater(this::userMoved));
        setCenter(area);
        BorderPane.setMargin(area, new Insets(6, 0, 0, 0));

        Label notice = new Label();
        notice.setId("logNotice");
        notice.getStyleClass().add(ConsoleStyles.PANE_HINT);
        notice.textProperty().bind(viewModel.noticeProperty());
        notice.managedProperty().bind(notice.textProperty().isNotEmpty());
        notice.visibleProperty().bind(notice.managedProperty());
        setBottom(notice);
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

    /**
     * When the text first outgrows the pane, the text area re-lays itself out later and, with a
     * content height not yet updated, scrolls to the top. So while following, each change of the
     * content's height puts the end back in sight once that has happened (a later FX event).
     */
    private void keepEndInSightWhileFollowing() {
        if (area.lookup(".scroll-pane") instanceof ScrollPane scroll && scroll.getContent() != null) {
            scroll.getContent().layoutBoundsProperty().addListener((obs, was, now) -> {
                if (was.getHeight() != now.getHeight() && viewModel.followingProperty().get()) {
                    Platform.runLater(() -> {
                        if (viewModel.followingProperty().get()) {
                            scroll.setVvalue(scroll.getVmax());
                        }
                    });
                }
            });
        }
    }

    /** Whether the last line is in sight (or everything fits): the scroll pane is at its bottom. */
    boolean atEnd() {
        if (!(area.lookup(".scroll-pane") instanceof ScrollPane scroll) || scroll.getContent() == null) {
            return true;
        }
        boolean fits = scroll.getContent().getLayoutBounds().getHeight() <= scroll.getViewportBounds().getHeight() + 1;
        return fits || scroll.getVvalue() >= scroll.getVmax() - 1e-3;
    }

    private void userMoved() {
        // Keys move the caret and the text area scrolls to it at its next layout: judge where it ends up.
        area.layout();
        viewModel.followingProperty().set(atEnd());
    }

    private void tick(boolean showing) {
        if (showing && ticker == null) {
            // The UI executor's timer, not a Timeline: a running animation keeps the FX pulse going sixty
            // times a second, which made the idle window burn CPU (docs/performance.md).
            ticker = viewModel.refreshEvery(REFRESH_PERIOD, () -> isOnScreen(this));
        } else if (!showing && ticker != null) {
            ticker.cancel();
            ticker = null;
        }
    }

    /**
     * New text. While following it is shown with the caret at its end, and the text area's own
     * layout scrolls the caret into view (setting the scroll position here as well would race that
     * layout, which still has the old caret position). While the user reads further up, the view is
     * left exactly as it is and the text waits until Follow is on again.
     */
    private void show(String text) {
        if (viewModel.followingProperty().get()) {
            area.setText(text);
            area.positionCaret(area.getLength());
        } else if (!text.equals(area.getText())) {
            pending = text;
            pendingNote.setVisible(true);
        }
    }

    /** Follow is on again: the text that waited, and the end in sight. */
    private void catchUp() {
        pendingNote.setVisible(false);
        if (pending != null) {
            String text = pending;
            pending = null;
            area.setText(text);
            area.positionCaret(area.getLength());
        } else {
            // Same text, so the caret's place is laid out already: scrolling to the end cannot race it.
            area.positionCaret(area.getLength());
            area.setScrollTop(Double.MAX_VALUE);
        }
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
