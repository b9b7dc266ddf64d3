package dev.cumps.app.doctor;

import dev.cumps.app.i18n.Messages;
import java.util.function.Consumer;
import javafx.geometry.Pos;
import javafx.scene.control.ContentDisplay;
import javafx.scene.control.Hyperlink;
import javafx.scene.control.Label;
import javafx.scene.control.OverrunStyle;
import javafx.scene.control.TableCell;
import javafx.scene.control.Tooltip;
import javafx.scene.layout.HBox;
import javafx.scene.layout.Priority;

/**
 * The doctor table's remedy cell: the remedy (cut at its end when the column is narrow, the whole
 * text as a tooltip) and, for a check that did not pass, a Guide link to its entry in the user guide.
 */
final class RemedyCell extends TableCell<DoctorRow, DoctorRow> {

    private final Label text = new Label();
    private final Hyperlink guide;
    private final HBox box;
    private final Tooltip full = new Tooltip();

    RemedyCell(Messages messages, Consumer<DoctorRow> showGuide) {
        text.setTextOverrun(OverrunStyle.WORD_ELLIPSIS); // a sentence: cut at its end, never in its middle
        text.setMinWidth(0);
        text.setMaxWidth(Double.MAX_VALUE);
        HBox.setHgrow(text, Priority.ALWAYS);
        full.setWrapText(true);
        full.setMaxWidth(720);
        guide = new Hyperlink(messages.get("doctor.guide"));
        guide.getStyleClass().add("doctor-guide-link");
        guide.setTooltip(new Tooltip(messages.get("doctor.guide.tooltip")));
        guide.setMinWidth(Hyperlink.USE_PREF_SIZE);
        guide.setOnAction(e -> {
            if (getItem() != null) {
                showGuide.accept(getItem());
            }
        });
        box = new HBox(4, text, guide);
        box.setAlignment(Pos.CENTER_LEFT);
        setContentDisplay(ContentDisplay.GRAPHIC_ONLY);
        getStyleClass().add("remedy-cell");
    }

    @Override
    protected void updateItem(DoctorRow row, boolean empty) {
        super.updateItem(row, empty);
        setText(null);
        if (empty || row == null) {
            setGraphic(null);
            return;
        }
        text.setText(row.remedy());
        text.setTooltip(row.remedy().isEmpty() ? null : full);
        full.setText(row.remedy());
        boolean guided = row.guide().isPresent();
        guide.setVisible(guided);
        guide.setManaged(guided);
        setGraphic(box);
    }
}
