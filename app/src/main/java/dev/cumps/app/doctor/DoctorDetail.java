package dev.cumps.app.doctor;

import dev.cumps.app.i18n.Messages;
import dev.cumps.app.ui.LineBreaks;
import dev.cumps.app.ui.style.ConsoleStyles;
import dev.cumps.app.ui.style.Icons;
import dev.cumps.app.ui.style.Severity;
import java.util.function.Consumer;
import javafx.beans.property.ObjectProperty;
import javafx.beans.property.SimpleObjectProperty;
import javafx.scene.Node;
import javafx.scene.control.Hyperlink;
import javafx.scene.control.Label;
import javafx.scene.control.Tooltip;
import javafx.scene.layout.Region;
import javafx.scene.layout.VBox;

/**
 * The selected doctor row, whole: its status and title, what was observed, what was expected and the
 * remedy, each wrapped over as many lines as it needs (the table beside it cuts long sentences at
 * their end), and the Guide link of a check that did not pass.
 */
final class DoctorDetail extends VBox {

    private final ObjectProperty<DoctorRow> row = new SimpleObjectProperty<>(this, "row");
    private final Label none;
    private final Label title = text("doctorDetailTitle");
    private final Label observed = text("doctorDetailObserved");
    private final Label expected = text("doctorDetailExpected");
    private final Label remedy = text("doctorDetailRemedy");
    private final Label observedHeading;
    private final Label expectedHeading;
    private final Label remedyHeading;
    private final Hyperlink guide;

    DoctorDetail(Messages messages, Consumer<DoctorRow> showGuide) {
        super(4);
        setId("doctorDetail");
        getStyleClass().add(ConsoleStyles.DOCTOR_DETAIL);
        none = text("doctorDetailNone");
        none.setText(messages.get("doctor.detail.none"));
        none.getStyleClass().add(ConsoleStyles.MUTED);
        title.getStyleClass().add(ConsoleStyles.DOCTOR_DETAIL_TITLE);
        observedHeading = heading(messages.get("doctor.column.observed"));
        expectedHeading = heading(messages.get("doctor.column.expected"));
        remedyHeading = heading(messages.get("doctor.column.remedy"));
        guide = new Hyperlink(messages.get("doctor.guide"));
        guide.setId("doctorDetailGuide");
        guide.setTooltip(new Tooltip(messages.get("doctor.guide.tooltip")));
        guide.setOnAction(e -> {
            if (row.get() != null) {
                showGuide.accept(row.get());
            }
        });
        getChildren().setAll(none, title, observedHeading, observed, expectedHeading, expected, remedyHeading, remedy, guide);
        row.addListener((obs, before, now) -> show(now));
        show(null);
    }

    ObjectProperty<DoctorRow> rowProperty() {
        return row;
    }

    private void show(DoctorRow shown) {
        boolean any = shown != null;
        shown(none, !any);
        shown(title, any);
        if (any) {
            title.setText(shown.status() + " · " + shown.title());
            Severity.apply(title, shown.severity());
            title.setGraphic(Icons.of(Icons.glyph(shown.severity())));
            Severity.apply(title.getGraphic(), shown.severity());
        }
        section(observedHeading, observed, any ? shown.observed() : "");
        section(expectedHeading, expected, any ? shown.expected() : "");
        section(remedyHeading, remedy, any ? shown.remedy() : "");
        shown(guide, any && shown.guide().isPresent());
    }

    private static void section(Label heading, Label body, String text) {
        // Paths break at their slashes, not mid-name (review L-8).
        body.setText(LineBreaks.wrappable(text));
        shown(heading, !text.isEmpty());
        shown(body, !text.isEmpty());
    }

    private static void shown(Node node, boolean visible) {
        node.setVisible(visible);
        node.setManaged(visible);
    }

    private static Label text(String id) {
        Label label = new Label();
        label.setId(id);
        label.setWrapText(true);
        label.setMinHeight(Region.USE_PREF_SIZE); // every line of the sentence, never an ellipsis
        label.setMaxWidth(Double.MAX_VALUE);
        return label;
    }

    private static Label heading(String text) {
        Label label = new Label(text);
        label.getStyleClass().add(ConsoleStyles.SECTION_TITLE);
        return label;
    }
}
