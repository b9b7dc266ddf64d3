package dev.cumps.app.activity;

import dev.cumps.app.i18n.Messages;
import dev.cumps.app.ui.Severity;
import dev.cumps.app.ui.SeverityCell;
import java.time.ZoneId;
import java.time.format.DateTimeFormatter;
import java.util.List;
import java.util.Objects;
import javafx.beans.property.ReadOnlyObjectWrapper;
import javafx.beans.property.ReadOnlyStringWrapper;
import javafx.collections.ListChangeListener;
import javafx.collections.WeakListChangeListener;
import javafx.geometry.Insets;
import javafx.scene.control.Label;
import javafx.scene.control.TableColumn;
import javafx.scene.control.TableView;
import javafx.scene.layout.BorderPane;

/**
 * Every action taken in this window, oldest first, the newest kept in view: local time, what was
 * done, and how it ended (a glyph and the {@code :pass} or {@code :fail} colour).
 */
public final class ActivityView extends BorderPane {

    private static final DateTimeFormatter TIME = DateTimeFormatter.ofPattern("HH:mm:ss");

    private final ListChangeListener<ActivityEntry> followNewest;

    public ActivityView(ActivityLog log, Messages messages) {
        this(log, messages, ZoneId.systemDefault());
    }

    /** @param zone the zone the times are shown in (the desktop's; fixed in tests) */
    public ActivityView(ActivityLog log, Messages messages, ZoneId zone) {
        Objects.requireNonNull(log, "log");
        Objects.requireNonNull(messages, "messages");
        Objects.requireNonNull(zone, "zone");
        getStyleClass().add("activity-view");

        TableView<ActivityEntry> table = new TableView<>(log.entries());
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
            if (!table.getItems().isEmpty()) {
                table.scrollTo(table.getItems().size() - 1);
            }
        };
        // The log lives as long as the window's model; this view may not.
        log.entries().addListener(new WeakListChangeListener<>(followNewest));
        setCenter(table);
        setPadding(new Insets(8));
    }

    /** The pane's name, for the tab or section that holds it. */
    public static String title(Messages messages) {
        return messages.get("activity.title");
    }
}
