package dev.cumps.app.ui.table;

import dev.cumps.app.ui.style.Severity;
import java.util.Objects;
import java.util.function.Function;
import java.util.function.Supplier;
import javafx.beans.property.ReadOnlyObjectWrapper;
import javafx.beans.property.ReadOnlyStringWrapper;
import javafx.scene.control.OverrunStyle;
import javafx.scene.control.TableCell;
import javafx.scene.control.TableColumn;
import javafx.scene.control.TreeTableColumn;
import javafx.scene.text.Font;
import javafx.scene.text.FontWeight;
import javafx.scene.text.Text;

/**
 * The window's table columns, set up one way for every table: a column of a row's text (plain, a path or
 * UUID cut in its middle, a sentence cut at a word, or one that widens to its values), a severity column
 * ({@link SeverityCell}: icon, word and colour), a column whose cell draws the whole row or draws its value
 * ({@link #drawn}), and a tree table's text column ({@link #treeText}).
 */
public final class Columns {

    /** console.css's font size; a column header's padding and sort-arrow room beside its title. */
    private static final double FONT_SIZE = 13;
    private static final double HEADER_EXTRA = 22;

    private Columns() {
    }

    /** How wide a column must be to show {@code title} whole (bold, as the theme draws headers, to be safe). */
    public static double titleWidth(String title) {
        Text text = new Text(title);
        text.setFont(Font.font(Font.getDefault().getFamily(), FontWeight.BOLD, FONT_SIZE));
        return Math.ceil(text.getLayoutBounds().getWidth()) + HEADER_EXTRA;
    }

    /** A column of {@code value} as plain text (short values that never need cutting: a time, an action). */
    public static <R> TableColumn<R, String> text(String title, Function<R, String> value, double width) {
        TableColumn<R, String> column = new TableColumn<>(title);
        column.setCellValueFactory(c -> new ReadOnlyStringWrapper(value.apply(c.getValue())));
        column.setPrefWidth(width);
        // The constrained columns share the width out, but never take a column below its title:
        // "MPS limits" and "Start ticks" were cut at the default 1280 px.
        column.setMinWidth(titleWidth(title));
        return column;
    }

    /**
     * A column of {@code value} that, too narrow, cuts the text in the middle (paths and UUIDs keep both
     * ends) and shows it whole as the cell's tooltip ({@link FullTextCell}).
     */
    public static <R> TableColumn<R, String> path(String title, Function<R, String> value, double width) {
        return withCell(text(title, value, width), () -> new FullTextCell<>(OverrunStyle.CENTER_ELLIPSIS));
    }

    /** Like {@link #path} for a sentence or phrase: cut at its end (a word boundary), never in its middle. */
    public static <R> TableColumn<R, String> sentence(String title, Function<R, String> value, double width) {
        return withCell(text(title, value, width), () -> new FullTextCell<>(OverrunStyle.WORD_ELLIPSIS));
    }

    /**
     * Like {@link #path}, never narrower than its values and its title (short values such as a mode, whose
     * ellipsis would hide what they say in a longer language).
     */
    public static <R> TableColumn<R, String> fitted(String title, Function<R, String> value, double width) {
        return withCell(text(title, value, width), () -> FullTextCell.widening(OverrunStyle.CENTER_ELLIPSIS));
    }

    /**
     * Like {@link #path} (or {@link #sentence} when {@code overrun} is {@link OverrunStyle#WORD_ELLIPSIS}), asking
     * for its longest value's width while the table has room ({@link FullTextCell#preferring}): a GPU's name
     * is not cut at the default size, and still gives way in a narrow window.
     */
    public static <R> TableColumn<R, String> preferring(String title, Function<R, String> value, double width, OverrunStyle overrun) {
        TableColumn<R, String> column = withCell(text(title, value, width), () -> FullTextCell.preferring(overrun));
        column.tableViewProperty().addListener((o, was, table) -> {
            if (table != null) {
                FullTextCell.keepPreferred(column, table);
            }
        });
        return column;
    }

    /** Like {@link #sentence}, widening to its longest sentence up to {@code maxFit} px (a check's title). */
    public static <R> TableColumn<R, String> fittedSentence(String title, Function<R, String> value, double width, double maxFit) {
        return withCell(text(title, value, width), () -> FullTextCell.widening(OverrunStyle.WORD_ELLIPSIS, maxFit));
    }

    /** A column of each row's severity and its word, readable without colour ({@link SeverityCell}). */
    public static <R> TableColumn<R, R> severity(String title, Function<? super R, Severity> severity, Function<? super R, String> text,
            double width) {
        return row(title, () -> new SeverityCell<>(severity, text), width);
    }

    /** A column whose cell ({@code cell}) draws from the whole row (a state with its look, a remedy with a link). */
    public static <R> TableColumn<R, R> row(String title, Supplier<? extends TableCell<R, R>> cell, double width) {
        Objects.requireNonNull(cell, "cell");
        TableColumn<R, R> column = new TableColumn<>(title);
        column.setCellValueFactory(c -> new ReadOnlyObjectWrapper<>(c.getValue()));
        column.setCellFactory(c -> cell.get());
        column.setPrefWidth(width);
        column.setMinWidth(titleWidth(title));
        return column;
    }

    /**
     * A column of {@code value} drawn by {@code cell} (a bar and a sparkline for a GPU's load): set up as
     * {@link #text}, with the cell the caller draws.
     */
    public static <R> TableColumn<R, String> drawn(String title, Function<R, String> value, Supplier<? extends TableCell<R, String>> cell,
            double width) {
        return withCell(text(title, value, width), cell);
    }

    /** A tree table's column of {@code value} as plain text, set up as {@link #text} (the Clients tree). */
    public static <R> TreeTableColumn<R, String> treeText(String title, Function<R, String> value, double width) {
        TreeTableColumn<R, String> column = new TreeTableColumn<>(title);
        column.setCellValueFactory(c -> new ReadOnlyStringWrapper(value.apply(c.getValue().getValue())));
        column.setPrefWidth(width);
        column.setMinWidth(titleWidth(title));
        return column;
    }

    private static <R, T> TableColumn<R, T> withCell(TableColumn<R, T> column, Supplier<? extends TableCell<R, T>> cell) {
        column.setCellFactory(c -> cell.get());
        return column;
    }
}
