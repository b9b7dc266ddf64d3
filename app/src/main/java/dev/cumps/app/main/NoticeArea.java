package dev.cumps.app.main;

import dev.cumps.app.ui.Severity;
import dev.cumps.app.ui.SeverityCell;
import javafx.animation.PauseTransition;
import javafx.beans.value.ObservableValue;
import javafx.scene.Node;
import javafx.scene.control.Label;
import javafx.scene.layout.HBox;
import javafx.util.Duration;
import org.controlsfx.control.NotificationPane;

/**
 * Where the outcome of an action shows: it slides in above the tables (ControlsFX
 * {@link NotificationPane}) and hides itself after a few seconds; the status line below keeps
 * the last one.
 */
final class NoticeArea {

    private static final Duration NOTIFICATION_TIME = Duration.seconds(6);

    private NoticeArea() {
    }

    /** {@code content} under a notification bar that shows each new notice for a while. */
    static Node notifications(Node content, ObservableValue<Notice> notice) {
        NotificationPane pane = new NotificationPane(content);
        pane.setId("notifications");
        pane.setShowFromTop(true);
        PauseTransition hide = new PauseTransition(NOTIFICATION_TIME);
        hide.setOnFinished(event -> pane.hide());
        notice.addListener((obs, old, value) -> {
            if (value == null) {
                pane.hide();
                return;
            }
            Label glyph = new Label(SeverityCell.glyph(value.severity()));
            Severity.apply(glyph, value.severity());
            pane.show(value.text(), glyph);
            hide.playFromStart();
        });
        return pane;
    }

    /** The status line: the last notice, coloured by its severity. */
    static Node statusBar(ObservableValue<Notice> notice) {
        Label line = new Label();
        line.setId("notice");
        line.setWrapText(true);
        notice.addListener((obs, old, value) -> {
            line.setText(value == null ? "" : value.text());
            Severity.apply(line, value == null ? null : value.severity());
        });
        HBox bar = new HBox(line);
        bar.getStyleClass().add("status-bar");
        return bar;
    }
}
