package dev.cumps.app.main;

import dev.cumps.app.ui.UiExecutor;
import dev.cumps.app.ui.style.ConsoleStyles;
import dev.cumps.app.ui.style.Severity;
import javafx.beans.value.ObservableValue;
import javafx.geometry.Pos;
import javafx.scene.Node;
import javafx.scene.control.Label;
import javafx.scene.layout.HBox;
import javafx.scene.layout.StackPane;

/**
 * Where the outcome of an action shows: a {@link NoticeBanner} laid over the foot of the page (so it moves
 * nothing and never covers the toolbar or the GPU table's header) that hides itself after a few seconds; the
 * status line below keeps the last one.
 */
final class NoticeArea {

    private NoticeArea() {
    }

    /** {@code content} with a banner over its foot that shows each new notice for a while. */
    static Node notifications(Node content, ObservableValue<Notice> notice, UiExecutor timers) {
        NoticeBanner banner = new NoticeBanner(notice, timers);
        StackPane box = new StackPane(content, banner);
        StackPane.setAlignment(banner, Pos.BOTTOM_LEFT);
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
        bar.getStyleClass().add(ConsoleStyles.STATUS_BAR);
        return bar;
    }
}
