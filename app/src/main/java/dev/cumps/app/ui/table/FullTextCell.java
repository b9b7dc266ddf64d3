package dev.cumps.app.ui.table;

import dev.cumps.app.ui.style.ConsoleStyles;
import java.util.HashSet;
import java.util.Objects;
import java.util.Set;
import javafx.application.Platform;
import javafx.beans.InvalidationListener;
import javafx.scene.Node;
import javafx.scene.control.OverrunStyle;
import javafx.scene.control.TableCell;
import javafx.scene.control.TableColumn;
import javafx.scene.control.TableView;
import javafx.scene.control.Tooltip;
import javafx.scene.text.Font;
import javafx.scene.text.FontWeight;
import javafx.scene.text.Text;

/**
 * A text cell that, when its column is too narrow, cuts the text in the middle (a path keeps its
 * start and its last folder, {@code gpu-GPU-5e1c…90ab} keeps both ends of the UUID) and then shows
 * the whole text as its tooltip. A text that fits has no tooltip, so the row's own tooltip (an
 * unreadable record's reason) still shows there.
 *
 * @param <S> the row type
 */
public final class FullTextCell<S> extends TableCell<S, String> {

    /** Room a column header needs beside its bold text besides the label's 0.5 em a side: borders and rounding. */
    private static final double HEADER_EXTRA = 10;
    /** The most a widening column grows to: a longer text is cut after all. */
    private static final double MAX_FIT = 320;
    /** What a vertical scroll bar may take of a table's width. */
    private static final double SCROLL_BAR_ROOM = 16;
    /** A preferring column's own minimum, and the widest text its cells have asked for (column properties). */
    private static final String BASE_MIN = "cumps.fullText.baseMin";
    private static final String WIDEST = "cumps.fullText.widest";

    /** One tooltip per cell, kept while the cell is reused: a new one would restart its show delay on every refresh. */
    private final Tooltip full = new Tooltip();
    private final Fit fit;
    private final double maxFit;
    private String measured;

    /** @param overrun where the text is cut: {@link OverrunStyle#CENTER_ELLIPSIS} for paths and UUIDs */
    public FullTextCell(OverrunStyle overrun) {
        this(overrun, Fit.NONE, MAX_FIT);
    }

    /** How a cell sizes its column to its text. */
    private enum Fit {
        /** Not at all: the column keeps the width it was given. */
        NONE,
        /** Never narrower than the text: the column's minimum (and preferred) width. */
        MINIMUM,
        /** As wide as the text while the table has room: the column's preferred width only. */
        PREFERRED
    }

    /**
     * A cell that keeps its column at least as wide as its text and the column's title (up to
     * {@value #MAX_FIT} px) in the font it is drawn with, so a short value is never cut in any language;
     * the table's resize policy takes the width from columns without such a minimum.
     */
    public static <S> FullTextCell<S> widening(OverrunStyle overrun) {
        return new FullTextCell<>(overrun, Fit.MINIMUM, MAX_FIT);
    }

    /** A {@link #widening} cell that lets its column grow up to {@code maxFit} px (a sentence, such as a check's title). */
    public static <S> FullTextCell<S> widening(OverrunStyle overrun, double maxFit) {
        return new FullTextCell<>(overrun, Fit.MINIMUM, maxFit);
    }

    /**
     * A cell that asks for its text's width (up to {@value #MAX_FIT} px) as its column's preferred width but
     * keeps the column's minimum: the value is whole while the table has room (a GPU's name, a daemon's
     * limits at the default size) and is cut, whole in the tooltip, only when the window is narrow.
     */
    public static <S> FullTextCell<S> preferring(OverrunStyle overrun) {
        return new FullTextCell<>(overrun, Fit.PREFERRED, MAX_FIT);
    }

    private FullTextCell(OverrunStyle overrun, Fit fit, double maxFit) {
        this.fit = fit;
        this.maxFit = maxFit;
        setTextOverrun(Objects.requireNonNull(overrun, "overrun"));
        getStyleClass().add(ConsoleStyles.FULL_TEXT_CELL);
        full.setWrapText(true);
        full.setMaxWidth(720);
    }

    @Override
    protected void updateItem(String item, boolean empty) {
        super.updateItem(item, empty);
        setText(empty ? null : item);
        full.setText(empty || item == null ? "" : item);
        if (empty || item == null || item.isEmpty()) {
            setTooltip(null);
        }
    }

    /** After the skin laid out (and perhaps cut) the text: the tooltip exactly when the text is cut. */
    @Override
    protected void layoutChildren() {
        super.layoutChildren();
        if (fit != Fit.NONE) {
            widenColumn();
        }
        boolean cut = isCut();
        if (cut != (getTooltip() == full)) {
            setTooltip(cut ? full : null);
        }
    }

    /** Raises the column's minimum (and preferred) width, or only its preferred width, to what this cell's text and the title need. */
    private void widenColumn() {
        TableColumn<S, String> column = getTableColumn();
        String text = getText();
        if (column == null || text == null || text.isEmpty() || isEmpty()) {
            return;
        }
        String key = text + "\n" + column.getText() + "\n" + getFont();
        if (key.equals(measured)) {
            return;
        }
        measured = key;
        double cell = width(text, getFont()) + snappedLeftInset() + snappedRightInset() + 2;
        // AtlantaFX sets column titles in bold with 0.5 em of padding on each side.
        Font bold = Font.font(getFont().getFamily(), FontWeight.BOLD, getFont().getSize());
        double title = column.getText() == null ? 0 : width(column.getText(), bold) + getFont().getSize() + HEADER_EXTRA;
        double needed = Math.min(maxFit, Math.ceil(Math.max(cell, title)));
        if (fit == Fit.MINIMUM && needed > column.getMinWidth()) {
            column.setMinWidth(needed);
            if (column.getPrefWidth() < needed) {
                column.setPrefWidth(needed);
            }
            refit(getTableView());
        } else if (fit == Fit.PREFERRED) {
            prefer(column, needed);
        }
    }

    /**
     * The text's width as the column's minimum while the table has room for it beside the other columns'
     * minimums (the resize policy shares the width out in proportion, so a preferred width alone would still be
     * cut); less, down to the column's own minimum, when it has not. Recomputed as the table's width and the
     * other columns' minimums change ({@link #keepPreferred}).
     */
    private void prefer(TableColumn<S, String> column, double needed) {
        double widest = Math.max(needed, (double) column.getProperties().getOrDefault(WIDEST, 0.0));
        column.getProperties().put(WIDEST, widest);
        if (getTableView() != null) {
            prefer(column, getTableView());
        }
    }

    private static void prefer(TableColumn<?, ?> column, TableView<?> table) {
        double base = (double) column.getProperties().computeIfAbsent(BASE_MIN, k -> column.getMinWidth());
        double widest = (double) column.getProperties().getOrDefault(WIDEST, 0.0);
        double others = table.getVisibleLeafColumns().stream().filter(c -> c != column).mapToDouble(TableColumn::getMinWidth).sum();
        double room = Math.floor(table.getWidth() - table.snappedLeftInset() - table.snappedRightInset() - SCROLL_BAR_ROOM - others);
        double min = Math.max(base, Math.min(widest, room));
        if (Math.abs(min - column.getMinWidth()) > 0.5) {
            column.setMinWidth(min);
            if (column.getPrefWidth() < min) {
                column.setPrefWidth(min);
            }
            refit(table);
        }
    }

    /**
     * Keeps a {@link #preferring} column's minimum up to date in {@code table}: when the table is resized, or
     * another column's minimum changes (a widening column that met a longer value).
     */
    static void keepPreferred(TableColumn<?, ?> column, TableView<?> table) {
        InvalidationListener again = o -> prefer(column, table);
        Set<TableColumn<?, ?>> watched = new HashSet<>();
        Runnable watch = () -> table.getVisibleLeafColumns().forEach(c -> {
            if (c != column && watched.add(c)) {
                c.minWidthProperty().addListener(again);
            }
        });
        watch.run();
        table.getVisibleLeafColumns().addListener((InvalidationListener) o -> {
            watch.run();
            prefer(column, table);
        });
        table.widthProperty().addListener(again);
    }

    /**
     * Has the table's resize policy share out its width again. A raised minimum only widens its own
     * column; without this the columns together ran past the table's edge (a constrained policy runs
     * when the table is resized, not when a minimum changes), clipping the last column.
     */
    private static void refit(TableView<?> table) {
        if (table == null) {
            return;
        }
        Platform.runLater(() -> {
            var policy = table.getColumnResizePolicy();
            table.setColumnResizePolicy(TableView.UNCONSTRAINED_RESIZE_POLICY);
            table.setColumnResizePolicy(policy);
        });
    }

    private static double width(String text, Font font) {
        Text probe = new Text(text);
        probe.setFont(font);
        return probe.getLayoutBounds().getWidth();
    }

    /** Whether the text on screen is shorter than the cell's text (the skin replaced part of it with an ellipsis). */
    public boolean isCut() {
        String text = getText();
        if (text == null || text.isEmpty()) {
            return false;
        }
        for (Node child : getChildrenUnmodifiable()) {
            if (child instanceof Text shown) {
                return !text.equals(shown.getText());
            }
        }
        return false;
    }
}
