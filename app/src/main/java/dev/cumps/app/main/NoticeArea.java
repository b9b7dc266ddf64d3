package dev.cumps.app.main;

import dev.cumps.app.ui.UiExecutor;
import dev.cumps.app.ui.style.Severity;
import javafx.beans.value.ObservableValue;
import javafx.scene.Node;
import javafx.scene.control.Label;
import javafx.scene.layout.HBox;
import javafx.scene.layout.Priority;
import javafx.scene.layout.VBox;

/**
 * Where the outcome of an action shows: a {@link NoticeBanner} in its own row above the tables
 * (it pushes them down while it shows, so it never covers the GPU table's header) that hides
 * itself after a few seconds; the status line below keeps the last one.
 */
final class NoticeArea {

    private NoticeArea() {
    }

    /** {@code content} under a banner row that shows each new notice for a while. */
    static Node notifications(Node content, ObservableValue<Notice> notice, UiExecutor timers) {
        VBox box = new VBox(new NoticeBanner(notice, timers), content);
        VBox.setVgrow(content, Priority.ALWAYS);
        return box;
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
