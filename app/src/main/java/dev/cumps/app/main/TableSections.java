package dev.cumps.app.main;

import dev.cumps.app.ui.style.ConsoleStyles;
import dev.cumps.app.ui.table.Columns;
import javafx.beans.property.ReadOnlyStringWrapper;
import javafx.beans.value.ObservableStringValue;
import javafx.scene.control.Label;
import javafx.scene.control.TableView;
import javafx.scene.layout.Priority;
import javafx.scene.layout.VBox;

/** The titled section around each of the main page's three tables (their columns: {@link Columns}). */
final class TableSections {

    private TableSections() {
    }

    /** {@code table} under its title, with {@code empty} as its placeholder; ids {@code <id>Title}, {@code <id>Table}. */
    static VBox section(String id, String title, String empty, TableView<?> table) {
        return section(id, title, new ReadOnlyStringWrapper(empty), table);
    }

    /** {@link #section(String, String, String, TableView)} with a placeholder that follows {@code empty} and wraps. */
    static VBox section(String id, String title, ObservableStringValue empty, TableView<?> table) {
        Label label = new Label(title);
        label.setId(id + "Title");
        label.getStyleClass().add(ConsoleStyles.SECTION_TITLE);
        label.setLabelFor(table);
        table.setId(id + "Table");
        Label placeholder = new Label();
        placeholder.textProperty().bind(empty);
        placeholder.setWrapText(true);
        table.setPlaceholder(placeholder);
        table.setColumnResizePolicy(TableView.CONSTRAINED_RESIZE_POLICY_FLEX_LAST_COLUMN);
        VBox section = new VBox(label, table);
        section.getStyleClass().add(ConsoleStyles.SECTION);
        VBox.setVgrow(table, Priority.ALWAYS);
        VBox.setVgrow(section, Priority.ALWAYS);
        return section;
    }
}
