package dev.cumps.app.main;

import java.util.Objects;

import dev.cumps.app.Messages;
import dev.cumps.app.ui.Styles;
import javafx.geometry.Insets;
import javafx.scene.control.Label;
import javafx.scene.control.TableView;
import javafx.scene.layout.BorderPane;
import javafx.scene.layout.HBox;
import javafx.scene.layout.Priority;
import javafx.scene.layout.Region;
import javafx.scene.layout.VBox;

/**
 * The main window's content: a header, then the GPUs, control pipes and daemons tables.
 * Phase 1 placeholder: the tables have no columns yet.
 */
public final class MainView extends BorderPane {

    private final TableView<Object> gpus = new TableView<>();
    private final TableView<Object> pipes = new TableView<>();
    private final TableView<Object> daemons = new TableView<>();

    public MainView(MainViewModel viewModel, Messages messages) {
        Objects.requireNonNull(viewModel, "viewModel");
        Objects.requireNonNull(messages, "messages");
        getStyleClass().add("main-view");

        Label header = new Label(messages.get("main.header"));
        header.getStyleClass().add(Styles.HEADER);
        Label badge = new Label(messages.get("app.simulated"));
        badge.setId("simulatedBadge");
        badge.getStyleClass().add(Styles.SIMULATED_BADGE);
        badge.visibleProperty().bind(viewModel.simulatedProperty());
        badge.managedProperty().bind(badge.visibleProperty());
        Region spacer = new Region();
        HBox.setHgrow(spacer, Priority.ALWAYS);
        HBox top = new HBox(12, header, spacer, badge);
        top.getStyleClass().add("header-bar");
        setTop(top);

        VBox tables = new VBox(
                section("gpus", messages.get("main.gpus"), messages.get("main.gpus.empty"), gpus),
                section("pipes", messages.get("main.pipes"), messages.get("main.pipes.empty"), pipes),
                section("daemons", messages.get("main.daemons"), messages.get("main.daemons.empty"), daemons));
        tables.getStyleClass().add("sections");
        setCenter(tables);
        setPadding(new Insets(0));
    }

    private static VBox section(String id, String title, String empty, TableView<?> table) {
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
}
