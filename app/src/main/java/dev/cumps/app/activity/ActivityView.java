package dev.cumps.app.activity;

import dev.cumps.app.i18n.Messages;
import dev.cumps.app.ui.style.ConsoleStyles;
import dev.cumps.app.ui.style.Severity;
import dev.cumps.app.ui.table.Columns;
import java.time.ZoneId;
import java.time.format.DateTimeFormatter;
import java.util.List;
import java.util.Objects;
import javafx.application.Platform;
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
import javafx.scene.input.KeyEvent;
import javafx.scene.input.MouseEvent;
import javafx.scene.input.ScrollEvent;
import javafx.scene.layout.BorderPane;
import javafx.scene.layout.HBox;
import javafx.scene.layout.Priority;

/**
 * Every action taken in this window, oldest first: local time, what was done, and how it ended (a
 * glyph and the colour of its {@link Severity}). A new entry scrolls into view unless the
 * user has scrolled up to read older ones; Save as… writes the list as text or Markdown.
 */
public final class ActivityView extends BorderPane {

    private static final DateTimeFormatter TIME = DateTimeFormatter.ofPattern("HH:mm:ss");

    private final TableView<ActivityEntry> table;
    private final ListChangeListener<ActivityEntry> followNewest;
    /** Whether new entries are scrolled into view: true until the user moves away from the newest. UI thread. */
    private boolean following = true;

    public ActivityView(ActivityViewModel viewModel, ActivityExportChooser chooser) {
        Objects.requireNonNull(viewModel, "viewModel");
        Objects.requireNonNull(chooser, "chooser");
        Messages messages = viewModel.messages();
        ZoneId zone = viewModel.zone();
        getStyleClass().add(ConsoleStyles.ACTIVITY_VIEW);

        table = new TableView<>(viewModel.entries());
        table.setId("activityTable");
        table.setPlaceholder(new Label(messages.get("activity.empty")));
        table.setColumnResizePolicy(TableView.CONSTRAINED_RESIZE_POLICY_FLEX_LAST_COLUMN);

        TableColumn<ActivityEntry, String> time = Columns.text(messages.get("activity.column.time"),
                entry -> TIME.format(entry.time().atZone(zone)), 80);
        time.setId("activityTimeColumn");
        time.setMaxWidth(110);

        TableColumn<ActivityEntry, String> action = Columns.text(messages.get("activity.column.action"), ActivityEntry::action, 240);
        action.setId("activityActionColumn");

        TableColumn<ActivityEntry, ActivityEntry> outcome = Columns.severity(messages.get("activity.column.outcome"),
                ActivityEntry::severity, ActivityEntry::outcome, 360);
        outcome.setId("activityOutcomeColumn");

        table.getColumns().setAll(List.of(time, action, outcome));
        followNewest = change -> {
            int added = 0;
            while (change.next()) {
                added += change.getAddedSize() - change.getRemovedSize();
            }
            if (added > 0 && following) {
                // After the table itself has taken the new rows (its own listener may run after this one).
                Platform.runLater(this::showNewest);
            }
        };
        // The page is built on its first visit, with the entries of the session so far, and laid out after:
        // it opens at the newest entry (review 2026-12-06 M-11), as it does when shown again or resized.
        table.heightProperty().addListener((o, was, now) -> {
            if (following && now.doubleValue() > 0) {
                Platform.runLater(this::showNewest);
            }
        });
        visibleProperty().addListener((o, was, now) -> {
            if (now && following) {
                Platform.runLater(this::showNewest);
            }
        });
        // The log lives as long as the window's model; this view may not.
        viewModel.entries().addListener(new WeakListChangeListener<>(followNewest));
        // Whether to follow is decided by what the user did: after each scroll, key or click, is the newest row in view?
        table.addEventFilter(ScrollEvent.SCROLL, e -> Platform.runLater(this::userMoved));
        table.addEventFilter(KeyEvent.KEY_RELEASED, e -> Platform.runLater(this::userMoved));
        table.addEventFilter(MouseEvent.MOUSE_RELEASED, e -> Platform.runLater(this::userMoved));

        Label notice = new Label();
        notice.setId("activityNotice");
        notice.getStyleClass().add(ConsoleStyles.PANE_HINT);
        notice.textProperty().bind(viewModel.noticeProperty());
        notice.setMaxWidth(Double.MAX_VALUE);
        HBox.setHgrow(notice, Priority.ALWAYS);
        Button export = new Button(messages.get("activity.export"));
        export.setId("activityExport");
        export.setTooltip(new Tooltip(messages.get("activity.export.tooltip")));
        export.setOnAction(e -> chooser.choose(getScene().getWindow(), viewModel.initialDirectory()).ifPresent(viewModel::export));
        HBox toolbar = new HBox(8, notice, export);
        toolbar.setAlignment(Pos.CENTER_LEFT);
        toolbar.getStyleClass().add(ConsoleStyles.PANE_TOOLBAR);
        setTop(toolbar);
        setCenter(table);
        BorderPane.setMargin(table, new Insets(6, 0, 0, 0));
        setPadding(new Insets(8));
    }

    /** The pane's name, for the tab or section that holds it. */
    public static String title(Messages messages) {
        return messages.get("activity.title");
    }

    /** Scrolls the newest entry into view, whole. */
    private void showNewest() {
        int last = table.getItems().size() - 1;
        if (last < 0) {
            return;
        }
        table.layout(); // the flow learns the new row count at its next layout
        if (table.lookup(".virtual-flow") instanceof VirtualFlow<?> flow) {
            flow.scrollTo(last);
            // scrollTo leaves a row that was already partly in view where it is: put its bottom
            // on the viewport's bottom, so the newest entry shows whole.
            table.layout();
            showWhole(flow, last);
        } else {
            table.scrollTo(last);
        }
    }

    @SuppressWarnings("rawtypes")
    private static <T extends IndexedCell> void showWhole(VirtualFlow<T> flow, int index) {
        T cell = flow.getVisibleCell(index);
        if (cell != null) {
            flow.scrollToBottom(cell);
        }
    }

    private void userMoved() {
        // A key such as Home moves the view at the table's next layout: judge where it ends up.
        table.layout();
        following = showsLastRow();
    }

    /** Whether the newest row is (at least partly) in view, or there is none. */
    private boolean showsLastRow() {
        int size = table.getItems().size();
        if (size == 0 || !(table.lookup(".virtual-flow") instanceof VirtualFlow<?> flow)) {
            return true;
        }
        IndexedCell<?> last = flow.getLastVisibleCell();
        return last == null || last.getIndex() >= size - 1;
    }
}
