package dev.cumps.app.main;

import dev.cumps.app.ui.FullTextCell;
import dev.cumps.app.ui.Styles;
import java.util.function.Function;
import javafx.beans.property.ReadOnlyStringWrapper;
import javafx.scene.control.Label;
import javafx.scene.control.OverrunStyle;
import javafx.scene.control.TableColumn;
import javafx.scene.control.TableView;
import javafx.scene.layout.Priority;
import javafx.scene.layout.VBox;
import javafx.scene.text.Font;
import javafx.scene.text.FontWeight;
import javafx.scene.text.Text;

/** The pieces the three tables share: a titled section around a table, and a text column. */
final class TableSections {

    /** console.css's font size; a column header's padding and sort-arrow room beside its title. */
    private static final double FONT_SIZE = 13;
    private static final double HEADER_EXTRA = 22;

    private TableSections() {
    }

    /** {@code table} under its title, with {@code empty} as its placeholder; ids {@code <id>Title}, {@code <id>Table}. */
    static VBox section(String id, String title, String empty, TableView<?> table) {
        Label label = new Label(title);
        label.setId(id + "Title");
        label.getStyleClass().add(Styles.SECTION_TITLE);
        label.setLabelFor(table);
        table.setId(id + "Table");
        table.setPlaceholder(new Label(empty));
        table.setColumnResizePolicy(TableView.CONSTRAINED_RESIZE_POLICY_FLEX_LAST_COLUMN);
        VBox section = new VBox(label, table);
        section.getStyleClass().add("section");
        VBox.setVgrow(table, Priority.ALWAYS);
        VBox.setVgrow(section, Priority.ALWAYS);
        return section;
    }

    /**
     * A column showing {@code value} of each row; a text too long for the column is cut in the middle
     * (paths and UUIDs keep both ends) and shown whole as the cell's tooltip.
     */
    static <R> TableColumn<R, String> column(String title, Function<R, String> value, double width) {
        TableColumn<R, String> column = new TableColumn<>(title);
        column.setCellValueFactory(c -> new ReadOnlyStringWrapper(value.apply(c.getValue())));
        column.setCellFactory(c -> new FullTextCell<>(OverrunStyle.CENTER_ELLIPSIS));
        column.setPrefWidth(width);
        // The constrained columns share the width out, but never take a column below its title:
        // "MPS limits" and "Start ticks" were cut at the default 1280 px.
        column.setMinWidth(titleWidth(title));
        return column;
    }

    /** How wide a column must be to show {@code title} whole (bold, as the theme draws headers, to be safe). */
    static double titleWidth(String title) {
        Text text = new Text(title);
        text.setFont(Font.font(Font.getDefault().getFamily(), FontWeight.BOLD, FONT_SIZE));
        return Math.ceil(text.getLayoutBounds().getWidth()) + HEADER_EXTRA;
    }

    /** A column like {@link #column} for a sentence or phrase: cut at its end (a word boundary), never in its middle. */
    static <R> TableColumn<R, String> sentenceColumn(String title, Function<R, String> value, double width) {
        TableColumn<R, String> column = column(title, value, width);
        column.setCellFactory(c -> new FullTextCell<>(OverrunStyle.WORD_ELLIPSIS));
        return column;
    }

    /**
     * A column like {@link #column} that is never narrower than its values and its title (short
     * values such as a mode, whose ellipsis would hide what they say in a longer language).
     */
    static <R> TableColumn<R, String> fittedColumn(String title, Function<R, String> value, double width) {
        TableColumn<R, String> column = column(title, value, width);
        column.setCellFactory(c -> FullTextCell.widening(OverrunStyle.CENTER_ELLIPSIS));
        return column;
    }
}
