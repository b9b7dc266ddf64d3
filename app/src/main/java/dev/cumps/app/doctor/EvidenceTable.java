package dev.cumps.app.doctor;

import dev.cumps.app.i18n.Messages;
import dev.cumps.app.ui.LineBreaks;
import dev.cumps.app.ui.style.ConsoleStyles;
import dev.cumps.app.ui.table.Columns;
import java.util.List;
import java.util.function.Consumer;
import java.util.function.Function;
import java.util.function.Supplier;
import javafx.beans.property.ReadOnlyBooleanProperty;
import javafx.beans.property.ReadOnlyBooleanWrapper;
import javafx.beans.property.ReadOnlyObjectWrapper;
import javafx.collections.ObservableList;
import javafx.scene.control.ContentDisplay;
import javafx.scene.control.Hyperlink;
import javafx.scene.control.Label;
import javafx.scene.control.TableCell;
import javafx.scene.control.TableColumn;
import javafx.scene.control.TableView;
import javafx.scene.control.Tooltip;
import javafx.scene.layout.VBox;
import javafx.scene.text.Font;
import javafx.scene.text.FontWeight;
import javafx.scene.text.Text;

/**
 * The doctor's evidence as a table a reader can read without selecting a row: status, check,
 * observed, expected and remedy, every text wrapped whole at word boundaries and a path after its slashes
 * ({@link LineBreaks}; rows grow; nothing is
 * cut with an ellipsis), the columns always sharing the table's width (none runs past its edge). A
 * table narrower than {@value #STACK_BELOW} px moves Observed, Expected and Remedy below the check's
 * title in its own cell instead of hiding them. For a check that did not pass, a Guide link opens its
 * entry in the user guide. The local doctor page and the Hosts page show their results in it.
 */
public final class EvidenceTable extends TableView<DoctorRow> {

    /** Below this width the evidence moves under the check's title (three more columns would be a word wide). */
    public static final double STACK_BELOW = 720;

    /** console.css's font size; the icon (15 px), the gap and the cell's padding beside the status word. */
    private static final double STATUS_FONT_SIZE = 13;
    private static final double STATUS_EXTRA = 48;
    /** A cell's left and right padding and a little air, taken from the column's width for the wrapped text. */
    private static final double CELL_PADDING = 18;

    private final Messages messages;
    private final Consumer<DoctorRow> showGuide;
    private final ReadOnlyBooleanWrapper stacked = new ReadOnlyBooleanWrapper(this, "stacked", false);

    /** @param showGuide opens the guide at the row's entry (the Guide link) */
    public EvidenceTable(ObservableList<DoctorRow> rows, Messages messages, Consumer<DoctorRow> showGuide) {
        super(rows);
        this.messages = messages;
        this.showGuide = showGuide;
        getStyleClass().add(ConsoleStyles.EVIDENCE_TABLE);
        setColumnResizePolicy(TableView.CONSTRAINED_RESIZE_POLICY_ALL_COLUMNS);

        double statusWidth = statusWidth();
        TableColumn<DoctorRow, DoctorRow> status = Columns.severity(messages.get("doctor.column.status"), DoctorRow::severity,
                DoctorRow::status, statusWidth);
        status.setId("doctorStatusColumn");
        status.setMinWidth(statusWidth);
        status.setMaxWidth(statusWidth);
        TableColumn<DoctorRow, DoctorRow> check = column("doctor.column.check", 240, 140, CheckCell::new);
        check.setId("doctorCheckColumn");
        TableColumn<DoctorRow, DoctorRow> observed = column("doctor.column.observed", 200, 110, () -> new TextCell(DoctorRow::observed));
        observed.setId("doctorObservedColumn");
        TableColumn<DoctorRow, DoctorRow> expected = column("doctor.column.expected", 170, 100, () -> new TextCell(DoctorRow::expected));
        expected.setId("doctorExpectedColumn");
        TableColumn<DoctorRow, DoctorRow> remedy = column("doctor.column.remedy", 230, 130, RemedyCell::new);
        remedy.setId("doctorRemedyColumn");
        getColumns().setAll(List.of(status, check, observed, expected, remedy));
        for (TableColumn<DoctorRow, DoctorRow> moved : List.of(observed, expected, remedy)) {
            moved.visibleProperty().bind(stacked.not());
        }
        widthProperty().addListener((o, was, now) -> stacked.set(now.doubleValue() > 0 && now.doubleValue() < STACK_BELOW));
    }

    /** True while the table is too narrow for five columns: Observed, Expected and Remedy show under the check. */
    public ReadOnlyBooleanProperty stackedProperty() {
        return stacked.getReadOnlyProperty();
    }

    private TableColumn<DoctorRow, DoctorRow> column(String key, double width, double min,
            Supplier<TableCell<DoctorRow, DoctorRow>> cell) {
        TableColumn<DoctorRow, DoctorRow> column = new TableColumn<>(messages.get(key));
        column.setCellValueFactory(c -> new ReadOnlyObjectWrapper<>(c.getValue()));
        column.setCellFactory(c -> cell.get());
        column.setPrefWidth(width);
        column.setMinWidth(Math.max(min, Columns.titleWidth(column.getText())));
        return column;
    }

    private double statusWidth() {
        Font bold = Font.font(Font.getDefault().getFamily(), FontWeight.BOLD, STATUS_FONT_SIZE);
        double widest = 0;
        for (String word : List.of("doctor.status.pass", "doctor.status.warn", "doctor.status.fail", "doctor.status.skip",
                "doctor.column.status")) {
            Text probe = new Text(messages.get(word));
            probe.setFont(bold);
            widest = Math.max(widest, probe.getLayoutBounds().getWidth());
        }
        return Math.ceil(widest + STATUS_EXTRA);
    }

    /** A text that wraps at its column's width (less the cell's padding), in the theme's text colour. */
    private static Text wrapped(TableCell<?, ?> cell, String styleClass) {
        Text text = new Text();
        text.getStyleClass().addAll(ConsoleStyles.EVIDENCE_TEXT, styleClass);
        cell.tableColumnProperty().addListener((o, was, column) -> {
            text.wrappingWidthProperty().unbind();
            if (column != null) {
                text.wrappingWidthProperty().bind(column.widthProperty().subtract(CELL_PADDING));
            }
        });
        return text;
    }

    private Hyperlink guideLink(TableCell<DoctorRow, DoctorRow> cell) {
        Hyperlink guide = new Hyperlink(messages.get("doctor.guide"));
        guide.getStyleClass().add(ConsoleStyles.DOCTOR_GUIDE_LINK);
        guide.setTooltip(new Tooltip(messages.get("doctor.guide.tooltip")));
        guide.setMinWidth(Hyperlink.USE_PREF_SIZE);
        guide.setOnAction(e -> {
            if (cell.getItem() != null) {
                showGuide.accept(cell.getItem());
            }
        });
        return guide;
    }

    /** A cell drawing one of the row's texts, wrapped whole. Its text (not drawn) is the value, for finding it and for screen readers. */
    private static final class TextCell extends TableCell<DoctorRow, DoctorRow> {
        private final Function<DoctorRow, String> value;
        private final Text text;

        TextCell(Function<DoctorRow, String> value) {
            this.value = value;
            this.text = wrapped(this, ConsoleStyles.EVIDENCE_VALUE);
            setContentDisplay(ContentDisplay.GRAPHIC_ONLY);
            getStyleClass().add(ConsoleStyles.EVIDENCE_CELL);
        }

        @Override
        protected void updateItem(DoctorRow row, boolean empty) {
            super.updateItem(row, empty);
            String shown = empty || row == null ? null : value.apply(row);
            setText(shown);
            text.setText(shown == null ? "" : LineBreaks.wrappable(shown));
            setGraphic(shown == null ? null : text);
        }
    }

    /**
     * The check's title; in a narrow table also the observed value, the expectation and the remedy
     * under it, each named, and the Guide link.
     */
    private final class CheckCell extends TableCell<DoctorRow, DoctorRow> {
        private final Text title = wrapped(this, ConsoleStyles.EVIDENCE_TITLE);
        private final Text observed = wrapped(this, ConsoleStyles.EVIDENCE_VALUE);
        private final Text expected = wrapped(this, ConsoleStyles.EVIDENCE_VALUE);
        private final Text remedy = wrapped(this, ConsoleStyles.EVIDENCE_VALUE);
        private final Hyperlink guide = guideLink(this);
        private final VBox box = new VBox(2);

        CheckCell() {
            setContentDisplay(ContentDisplay.GRAPHIC_ONLY);
            getStyleClass().addAll(ConsoleStyles.EVIDENCE_CELL, ConsoleStyles.EVIDENCE_CHECK_CELL);
            // The cell lives as long as its table: it follows the table's width, not a copy of it.
            stacked.addListener((o, was, now) -> fill(getItem(), isEmpty()));
        }

        @Override
        protected void updateItem(DoctorRow row, boolean empty) {
            super.updateItem(row, empty);
            fill(row, empty);
        }

        private void fill(DoctorRow row, boolean empty) {
            if (empty || row == null) {
                setText(null);
                setGraphic(null);
                return;
            }
            setText(row.title());
            title.setText(row.title());
            box.getChildren().setAll(title);
            if (stacked.get()) {
                line(observed, "doctor.column.observed", row.observed());
                line(expected, "doctor.column.expected", row.expected());
                line(remedy, "doctor.column.remedy", row.remedy());
                if (row.guide().isPresent()) {
                    box.getChildren().add(guide);
                }
            }
            setGraphic(box);
        }

        private void line(Text text, String key, String value) {
            if (!value.isEmpty()) {
                text.setText(LineBreaks.wrappable(messages.get("doctor.evidence.line", messages.get(key), value)));
                box.getChildren().add(text);
            }
        }
    }

    /** The remedy, wrapped whole, and under it for a check that did not pass a Guide link to its entry in the user guide. */
    private final class RemedyCell extends TableCell<DoctorRow, DoctorRow> {
        private final Text text = wrapped(this, ConsoleStyles.EVIDENCE_VALUE);
        private final Hyperlink guide = guideLink(this);
        private final VBox box = new VBox(0, text, guide);

        RemedyCell() {
            setContentDisplay(ContentDisplay.GRAPHIC_ONLY);
            getStyleClass().addAll(ConsoleStyles.EVIDENCE_CELL, ConsoleStyles.REMEDY_CELL);
        }

        @Override
        protected void updateItem(DoctorRow row, boolean empty) {
            super.updateItem(row, empty);
            if (empty || row == null) {
                setText(null);
                setGraphic(null);
                return;
            }
            setText(row.remedy());
            text.setText(LineBreaks.wrappable(row.remedy()));
            text.setVisible(!row.remedy().isEmpty());
            text.setManaged(!row.remedy().isEmpty());
            boolean guided = row.guide().isPresent();
            guide.setVisible(guided);
            guide.setManaged(guided);
            setGraphic(box);
        }
    }

    /** A placeholder in the window's words. */
    public EvidenceTable placeholder(String key) {
        setPlaceholder(new Label(messages.get(key)));
        return this;
    }
}
