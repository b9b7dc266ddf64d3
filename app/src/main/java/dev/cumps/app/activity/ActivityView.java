package dev.cumps.app.activity;

import dev.cumps.app.i18n.Messages;
import dev.cumps.app.ui.Severity;
import dev.cumps.app.ui.SeverityCell;
import java.time.ZoneId;
import java.time.format.DateTimeFormatter;
import java.util.List;
import java.util.Objects;
import javafx.application.Platform;
import javafx.beans.property.ReadOnlyObjectWrapper;
import javafx.beans.property.ReadOnlyStringWrapper;
import javafx.collections.ListChangeListener;
import javafx.collections.WeakListChangeListener;
import javafx.geometry.Insets;
import javafx.geometry.Pos;
import javafx.scene.control.Button;
import javafx.scene.control.IndexedCell;
import javafx.scene.control.Label;
import javafx.scene.control.TableColumn;
import javafx.scene.control.TableView;
import javafx.scene.control.Tooltip;
import javafx.scene.control.skin.VirtualFlow;
import javafx.scene.layout.BorderPane;
import javafx.scene.layout.HBox;
import javafx.scene.layout.Priority;

/**
 * Every action taken in this window, oldest first: local time, what was done, and how it ended (a
 * glyph and the {@code :pass} or {@code :fail} colour). A new entry scrolls into view unless the
 * user has scrolled up to read older ones; Save as… writes the list as text or Markdown.
 */
public final class ActivityView extends BorderPane {

    private static final DateTimeFormatter TIME = DateTimeFormatter.ofPattern("HH:mm:ss");

    private final TableView<ActivityEntry> table;
    private final ListChangeListener<ActivityEntry> followNewest;

    public ActivityView(ActivityViewModel viewModel, ActivityExportChooser chooser) {
        Objects.requireNonNull(viewModel, "viewModel");
        Objects.requireNonNull(chooser, "chooser");
        Messages messages = viewModel.messages();
        ZoneId zone = viewModel.zone();
        getStyleClass().add("activity-view");

        table = new TableView<>(viewModel.entries());
        table.setId("activityTable");
        table.setPlaceholder(new Label(messages.get("activity.empty")));
        table.setColumnResizePolicy(TableView.CONSTRAINED_RESIZE_POLICY_FLEX_LAST_COLUMN);

        TableColumn<ActivityEntry, String> time = new TableColumn<>(messages.get("activity.column.time"));
        time.setId("activityTimeColumn");
        time.setCellValueFactory(c -> new ReadOnlyStringWrapper(TIME.format(c.getValue().time().atZone(zone))));
        time.setPrefWidth(80);
        time.setMaxWidth(110);

        TableColumn<ActivityEntry, String> action = new TableColumn<>(messages.get("activity.column.action"));
        action.setId("activityActionColumn");
        action.setCellValueFactory(c -> new ReadOnlyStringWrapper(c.getValue().action()));
        action.setPrefWidth(240);

        TableColumn<ActivityEntry, ActivityEntry> outcome = new TableColumn<>(messages.get("activity.column.outcome"));
        outcome.setId("activityOutcomeColumn");
        outcome.setCellValueFactory(c -> new ReadOnlyObjectWrapper<>(c.getValue()));
        outcome.setCellFactory(c -> new SeverityCell<>(
                entry -> entry.success() ? Severity.PASS : Severity.FAIL, ActivityEntry::outcome));
        outcome.setPrefWidth(360);

        table.getColumns().setAll(List.of(time, action, outcome));
        followNewest = change -> {
            int added = 0;
            while (change.next()) {
                added += change.getAddedSize() - change.getRemovedSize();
            }
            int size = table.getItems().size();
            if (size > 0 && added > 0 && showedLastRow(size - added)) {
                // After the table itself has taken the new rows (its own listener may run after this one).
                Platform.runLater(() -> {
                    table.layout(); // the flow learns the new row count at its next layout
                    table.scrollTo(table.getItems().size() - 1);
                });
            }
        };
        // The log lives as long as the window's model; this view may not.
        viewModel.entries().addListener(new WeakListChangeListener<>(followNewest));

        Label notice = new Label();
        notice.setId("activityNotice");
        notice.getStyleClass().add("pane-hint");
        notice.textProperty().bind(viewModel.noticeProperty());
        notice.setMaxWidth(Double.MAX_VALUE);
        HBox.setHgrow(notice, Priority.ALWAYS);
        Button export = new Button(messages.get("activity.export"));
        export.setId("activityExport");
        export.setTooltip(new Tooltip(messages.get("activity.export.tooltip")));
        export.setOnAction(e -> chooser.choose(getScene().getWindow(), viewModel.initialDirectory()).ifPresent(viewModel::export));
        HBox toolbar = new HBox(8, notice, export);
        toolbar.setAlignment(Pos.CENTER_LEFT);
        toolbar.getStyleClass().add("pane-toolbar");
        setTop(toolbar);
        setCenter(table);
        BorderPane.setMargin(table, new Insets(6, 0, 0, 0));
        setPadding(new Insets(8));
    }

    /** The pane's name, for the tab or section that holds it. */
    public static String title(Messages messages) {
        return messages.get("activity.title");
    }

    /**
     * Whether the last of the {@code previousSize} rows was in view before the new ones came (the
     * table has not laid them out yet): the user follows the newest entry rather than reading
     * older ones.
     */
    private boolean showedLastRow(int previousSize) {
        if (previousSize == 0 || !(table.lookup(".virtual-flow") instanceof VirtualFlow<?> flow)) {
            return true;
        }
        IndexedCell<?> last = flow.getLastVisibleCell();
        return last == null || last.getIndex() >= previousSize - 1;
    }
}
