package dev.cumps.app.main;

import dev.cumps.app.ui.UiExecutor;
import dev.cumps.app.ui.style.ConsoleStyles;
import dev.cumps.app.ui.style.Severity;
import dev.cumps.app.ui.table.SeverityCell;
import java.time.Duration;
import javafx.beans.property.ReadOnlyBooleanProperty;
import javafx.beans.property.ReadOnlyBooleanWrapper;
import javafx.beans.value.ObservableValue;
import javafx.geometry.Pos;
import javafx.scene.control.Label;
import javafx.scene.layout.HBox;
import javafx.scene.layout.Priority;
import javafx.scene.layout.Region;

/**
 * The outcome of an action, laid over the foot of the page (above the status line), never over the toolbar or
 * the GPU table's header, and hidden again after a few seconds. It moves nothing: the page keeps its place and
 * its height while a notice comes and goes (review 2026-12-06 M-10: as a row above the tables it pushed the
 * toolbar and tables down 28 px under the pointer, then let them jump back). The status line under the window
 * keeps the last notice.
 */
public final class NoticeBanner extends HBox {

    static final Duration SHOW_TIME = Duration.ofSeconds(6);

    private final Label glyph = new Label();
    private final Label text = new Label();
    private final ReadOnlyBooleanWrapper showing = new ReadOnlyBooleanWrapper(this, "showing");

    private UiExecutor.Timer hide;

    /** Shows each new {@code notice} for {@link #SHOW_TIME}, timed by {@code timers}' UI timer. */
    NoticeBanner(ObservableValue<Notice> notice, UiExecutor timers) {
        setId("notifications");
        getStyleClass().add(ConsoleStyles.NOTICE_BANNER);
        setSpacing(8);
        setAlignment(Pos.CENTER_LEFT);
        text.setId("notificationText");
        text.setWrapText(true);
        text.setMinHeight(Region.USE_PREF_SIZE);
        HBox.setHgrow(text, Priority.ALWAYS);
        text.setMaxWidth(Double.MAX_VALUE);
        getChildren().setAll(glyph, text);
        visibleProperty().bind(showing);
        setMaxHeight(Region.USE_PREF_SIZE);
        notice.addListener((obs, old, value) -> {
            if (hide != null) {
                hide.cancel();
                hide = null;
            }
            if (value == null) {
                showing.set(false);
                return;
            }
            glyph.setText(SeverityCell.glyph(value.severity()));
            Severity.apply(glyph, value.severity());
            text.setText(value.text());
            Severity.apply(text, value.severity());
            showing.set(true);
            hide = timers.schedule(SHOW_TIME, () -> showing.set(false));
        });
    }

    /** Whether a notice shows now. */
    public boolean isShowing() {
        return showing.get();
    }

    public ReadOnlyBooleanProperty showingProperty() {
        return showing.getReadOnlyProperty();
    }

    /** The notice shown (or last shown). */
    public String getText() {
        return text.getText();
    }
}
