package dev.cumps.app.main;

import dev.cumps.app.i18n.Messages;
import dev.cumps.app.ui.dialog.Dialogs;
import dev.cumps.app.ui.style.ConsoleStyles;
import java.util.ArrayList;
import java.util.List;
import java.util.Objects;
import javafx.beans.binding.Bindings;
import javafx.scene.Scene;
import javafx.scene.control.Dialog;
import javafx.scene.control.MenuBar;
import javafx.scene.input.KeyCode;
import javafx.scene.input.KeyCodeCombination;
import javafx.scene.input.KeyCombination;
import javafx.scene.layout.BorderPane;
import javafx.scene.layout.Priority;
import javafx.scene.layout.VBox;
import javafx.stage.Window;
import org.kordamp.ikonli.feather.Feather;

/**
 * The main window's content, put together from its components: the menu bar, the {@link PageRail}
 * on the left choosing one page at a time (the overview with the {@link HeaderBar}, the
 * {@link ActionToolbar} and the {@link GpuTable}, {@link PipeTable} and {@link DaemonTable}; the
 * doctor, clients, limits, env, log and activity panes), the notices and the status line. It opens the dialogs (each its own class)
 * and forwards what the user confirmed to {@link MainViewModel}; it decides nothing itself.
 */
public final class MainView extends BorderPane {

    private final MainViewModel viewModel;
    private final Messages messages;
    private final Panes panes;
    private final MenuBar menuBar = new MenuBar();
    private final PageRail rail;

    public MainView(MainViewModel viewModel, Panes panes, Messages messages) {
        this.viewModel = Objects.requireNonNull(viewModel, "viewModel");
        this.panes = Objects.requireNonNull(panes, "panes");
        this.messages = Objects.requireNonNull(messages, "messages");
        getStyleClass().add(ConsoleStyles.MAIN_VIEW);

        ActionToolbar toolbar = new ActionToolbar(viewModel, messages,
                new ActionToolbar.Actions(this::startDaemon, this::stopDaemon, this::stopAll, this::removeRecord));
        menuBar.setId("menuBar");
        menuBar.visibleProperty().bind(Bindings.isNotEmpty(menuBar.getMenus()));
        menuBar.managedProperty().bind(menuBar.visibleProperty());
        VBox tables = new VBox(
                TableSections.section("gpus", messages.get("main.gpus"), viewModel.summary().gpusEmptyProperty(),
                        new GpuTable(viewModel.gpus(), viewModel.gpuLoad(), messages)),
                TableSections.section("pipes", messages.get("main.pipes"), messages.get("main.pipes.empty"),
                        new PipeTable(viewModel.pipes(), messages)),
                TableSections.section("daemons", messages.get("main.daemons"), messages.get("main.daemons.empty"),
                        new DaemonTable(viewModel, messages, this::stopDaemon)));
        tables.getStyleClass().add(ConsoleStyles.SECTIONS);
        VBox overview = new VBox(new HeaderBar(viewModel.summary(), messages, viewModel.pausedProperty()), toolbar, tables);
        overview.getStyleClass().add(ConsoleStyles.OVERVIEW_PAGE);
        VBox.setVgrow(tables, Priority.ALWAYS);
        List<PageRail.Page> list = new ArrayList<>();
        list.add(new PageRail.Page("overview", messages.get("main.page.overview"), Feather.SERVER, overview));
        list.add(new PageRail.Page("doctor", messages.get("main.tab.doctor"), Feather.ACTIVITY, panes.doctor()));
        for (Panes.More more : panes.more()) {
            if (!more.atEnd()) {
                list.add(new PageRail.Page(more.id(), more.title(), more.icon(), more.content()));
            }
        }
        list.add(new PageRail.Page("env", messages.get("main.tab.env"), Feather.TERMINAL, panes.env()));
        list.add(new PageRail.Page("log", messages.get("main.tab.log"), Feather.FILE_TEXT, panes.log()));
        list.add(new PageRail.Page("activity", messages.get("main.tab.activity"), Feather.LIST, panes.activity()));
        for (Panes.More more : panes.more()) {
            if (more.atEnd()) {
                list.add(new PageRail.Page(more.id(), more.title(), more.icon(), more.content()));
            }
        }
        rail = new PageRail(list);
        for (Panes.More more : panes.more()) {
            more.showing().bind(rail.selectedProperty().isEqualTo(more.id()));
        }
        setTop(menuBar);
        // The page before the rail in the focus order: the window opens with Start focused, and Tab
        // from the page's last control reaches the rail (Ctrl+1 … Ctrl+8 choose a page directly).
        setCenter(NoticeArea.notifications(rail.pages(), viewModel.noticeProperty(), viewModel.context().executor()));
        setLeft(rail.rail());
        setBottom(NoticeArea.statusBar(viewModel.statusLineProperty()));
    }

    /** The navigation rail and its pages. */
    public PageRail rail() {
        return rail;
    }

    // ------------------------------------------------------------------ actions

    /** Ctrl+N and the Start button: the start dialog. */
    public void startDaemon() {
        StartDialog dialog = new StartDialog(viewModel.startViewModel(), messages, viewModel.context().clipboard(), this::started);
        owned(dialog);
        dialog.show();
    }

    /** What the start dialog reports: a notice, and a refresh (selecting the new row once started). */
    private void started(StartOutcome outcome) {
        viewModel.showNotice(outcome.notice());
        if (outcome instanceof StartOutcome.Started started) {
            viewModel.watchStarted(started);
            viewModel.tables().selectName(started.name());
        }
        viewModel.refresh();
    }

    /** Delete and the Stop button: confirmation with the evidence, then the core's stop. */
    public void stopDaemon() {
        viewModel.stopSelected().ifPresent(stop -> {
            StopConfirmationDialog confirmation = new StopConfirmationDialog(stop, messages);
            Dialogs.confirm(confirmation, owner(),
                    () -> viewModel.stop(stop).onSuccess(notStopped -> notStopped.ifPresent(
                            notice -> show(new StopOutcomeDialog(notice, messages)))));
        });
    }

    /** Stop all: confirmation listing what gets stopped and cleaned, then a report of each outcome. */
    private void stopAll() {
        StopAllDialog confirmation = new StopAllDialog(viewModel.stopAllPreview(), messages);
        Dialogs.confirm(confirmation, owner(), () -> viewModel.stopAll().onSuccess(lines -> show(new StopAllReportDialog(lines, messages))));
    }

    /** Remove record: confirmation, then the selected stale or unreadable record is moved aside. */
    private void removeRecord() {
        DaemonRow row = viewModel.selectedRowProperty().get();
        if (row == null || !row.removable()) {
            return;
        }
        RemoveRecordDialog confirmation = new RemoveRecordDialog(row, messages);
        Dialogs.confirm(confirmation, owner(), viewModel::removeSelected);
    }

    private void show(Dialog<?> dialog) {
        Dialogs.inform(dialog, owner());
    }

    private void owned(Dialog<?> dialog) {
        Dialogs.own(dialog, owner());
    }

    private Window owner() {
        return getScene() == null ? null : getScene().getWindow();
    }

    /** F5 refresh, Ctrl+N start, Ctrl+Shift+C copy env; Delete is the daemons table's own key. */
    public void installShortcuts(Scene scene) {
        scene.getAccelerators().put(new KeyCodeCombination(KeyCode.F5), viewModel::refresh);
        rail.installShortcuts(scene);
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
