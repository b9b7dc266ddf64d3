package dev.cumps.app.main;

import dev.cumps.app.i18n.Messages;
import dev.cumps.app.ui.Dialogs;
import dev.cumps.app.ui.Icons;
import java.util.Objects;
import javafx.beans.InvalidationListener;
import javafx.beans.Observable;
import javafx.beans.binding.Bindings;
import javafx.geometry.Orientation;
import javafx.scene.Node;
import javafx.scene.Scene;
import javafx.scene.control.Dialog;
import javafx.scene.control.MenuBar;
import javafx.scene.control.SplitPane;
import javafx.scene.control.Tab;
import javafx.scene.control.TabPane;
import javafx.scene.input.KeyCode;
import javafx.scene.input.KeyCodeCombination;
import javafx.scene.input.KeyCombination;
import javafx.scene.layout.BorderPane;
import javafx.scene.layout.VBox;
import org.kordamp.ikonli.feather.Feather;

/**
 * The main window's content, put together from its components: the {@link HeaderBar}, the
 * {@link ActionToolbar}, the {@link GpuTable}, {@link PipeTable} and {@link DaemonTable}, the
 * doctor, env, log and activity panes, and the notices. It opens the dialogs (each its own class)
 * and forwards what the user confirmed to {@link MainViewModel}; it decides nothing itself.
 */
public final class MainView extends BorderPane {

    private final MainViewModel viewModel;
    private final Messages messages;
    private final Panes panes;
    private final MenuBar menuBar = new MenuBar();

    public MainView(MainViewModel viewModel, Panes panes, Messages messages) {
        this.viewModel = Objects.requireNonNull(viewModel, "viewModel");
        this.panes = Objects.requireNonNull(panes, "panes");
        this.messages = Objects.requireNonNull(messages, "messages");
        getStyleClass().add("main-view");

        ActionToolbar toolbar = new ActionToolbar(viewModel, messages,
                new ActionToolbar.Actions(this::startDaemon, this::stopDaemon, this::stopAll, this::removeRecord));
        menuBar.setId("menuBar");
        menuBar.visibleProperty().bind(Bindings.isNotEmpty(menuBar.getMenus()));
        menuBar.managedProperty().bind(menuBar.visibleProperty());
        setTop(new VBox(menuBar, new HeaderBar(viewModel.summary(), messages), toolbar));
        VBox tables = new VBox(
                TableSections.section("gpus", messages.get("main.gpus"), messages.get("main.gpus.empty"),
                        new GpuTable(viewModel.gpus(), viewModel.gpuLoad(), messages)),
                TableSections.section("pipes", messages.get("main.pipes"), messages.get("main.pipes.empty"),
                        new PipeTable(viewModel.pipes(), messages)),
                TableSections.section("daemons", messages.get("main.daemons"), messages.get("main.daemons.empty"),
                        new DaemonTable(viewModel, messages, this::stopDaemon)));
        tables.getStyleClass().add("sections");
        TabPane tabs = new TabPane(
                Icons.on(tab("doctorTab", messages.get("main.tab.doctor"), panes.doctor()), Feather.ACTIVITY),
                Icons.on(tab("envTab", messages.get("main.tab.env"), panes.env()), Feather.TERMINAL),
                Icons.on(tab("logTab", messages.get("main.tab.log"), panes.log()), Feather.FILE_TEXT),
                Icons.on(tab("activityTab", messages.get("main.tab.activity"), panes.activity()), Feather.LIST));
        for (Panes.More more : panes.more()) {
            Tab tab = Icons.on(tab(more.id(), more.title(), more.content()), more.icon());
            more.showing().bind(tab.selectedProperty());
            tabs.getTabs().add(tab);
        }
        tabs.setId("panes");
        tabs.setTabClosingPolicy(TabPane.TabClosingPolicy.UNAVAILABLE);
        SplitPane split = new SplitPane(tables, tabs);
        split.setOrientation(Orientation.VERTICAL);
        // Both sides grow with the window (a maximised window gives the panes room too); the CSS
        // minimums keep either from collapsing.
        split.setDividerPositions(0.64);
        setCenter(NoticeArea.notifications(split, viewModel.noticeProperty()));
        setBottom(NoticeArea.statusBar(viewModel.noticeProperty()));
    }

    /**
     * A tab whose content joins the scene when the tab is first selected, so that the window's first
     * show styles and lays out only the selected pane (docs/performance.md, the window's launch).
     */
    private static Tab tab(String id, String title, Node content) {
        Tab tab = new Tab(title);
        tab.setId(id);
        InvalidationListener attach = new InvalidationListener() {
            @Override
            public void invalidated(Observable selected) {
                if (tab.isSelected()) {
                    tab.selectedProperty().removeListener(this);
                    tab.setContent(content);
                }
            }
        };
        tab.selectedProperty().addListener(attach);
        return tab;
    }

    // ------------------------------------------------------------------ actions

    /** Ctrl+N and the Start button: the start dialog. */
    public void startDaemon() {
        StartDialog dialog = new StartDialog(viewModel.startViewModel(), messages, viewModel);
        owned(dialog);
        dialog.show();
    }

    /** Delete and the Stop button: confirmation with the evidence, then the core's stop. */
    public void stopDaemon() {
        viewModel.stopSelected().ifPresent(stop -> {
            StopConfirmationDialog confirmation = new StopConfirmationDialog(stop, messages);
            owned(confirmation);
            confirmation.setOnHidden(event -> {
                if (confirmation.confirmed()) {
                    viewModel.stop(stop, notice -> show(new StopOutcomeDialog(notice, messages)));
                }
            });
            confirmation.show();
        });
    }

    /** Stop all: confirmation listing what gets stopped and cleaned, then a report of each outcome. */
    private void stopAll() {
        StopAllDialog confirmation = new StopAllDialog(viewModel.stopAllPreview(), messages);
        owned(confirmation);
        confirmation.setOnHidden(event -> {
            if (confirmation.confirmed()) {
                viewModel.stopAll(lines -> show(new StopAllReportDialog(lines, messages)));
            }
        });
        confirmation.show();
    }

    /** Remove record: confirmation, then the selected stale or unreadable record is moved aside. */
    private void removeRecord() {
        DaemonRow row = viewModel.selectedRowProperty().get();
        if (row == null || !row.removable()) {
            return;
        }
        RemoveRecordDialog confirmation = new RemoveRecordDialog(row, messages);
        owned(confirmation);
        confirmation.setOnHidden(event -> {
            if (confirmation.confirmed()) {
                viewModel.removeSelected();
            }
        });
        confirmation.show();
    }

    private void show(Dialog<?> dialog) {
        owned(dialog);
        dialog.show();
    }

    private void owned(Dialog<?> dialog) {
        Dialogs.own(dialog, getScene() == null ? null : getScene().getWindow());
    }

    /** F5 refresh, Ctrl+N start, Ctrl+Shift+C copy env; Delete is the daemons table's own key. */
    public void installShortcuts(Scene scene) {
        scene.getAccelerators().put(new KeyCodeCombination(KeyCode.F5), viewModel::refresh);
        scene.getAccelerators().put(new KeyCodeCombination(KeyCode.N, KeyCombination.SHORTCUT_DOWN), this::startDaemon);
        scene.getAccelerators().put(new KeyCodeCombination(KeyCode.C, KeyCombination.SHORTCUT_DOWN, KeyCombination.SHIFT_DOWN),
                panes.copyEnv());
    }

    /** The window's menu bar (hidden while it has no menu); {@code ConsoleWindow} adds View → Theme. */
    public MenuBar menuBar() {
        return menuBar;
    }

    public MainViewModel viewModel() {
        return viewModel;
    }
}
