package dev.cumps.app;

import dev.cumps.app.activity.ActivityExportChooser;
import dev.cumps.app.activity.ActivityView;
import dev.cumps.app.doctor.DoctorView;
import dev.cumps.app.doctor.DoctorViewModel;
import dev.cumps.app.doctor.ExportChooser;
import dev.cumps.app.env.EnvView;
import dev.cumps.app.env.EnvViewModel;
import dev.cumps.app.guide.GuideWindow;
import dev.cumps.app.hosts.HostsView;
import dev.cumps.app.hosts.HostsViewModel;
import dev.cumps.app.i18n.Messages;
import dev.cumps.app.live.ClientsView;
import dev.cumps.app.live.ClientsViewModel;
import dev.cumps.app.live.LimitsView;
import dev.cumps.app.live.LimitsViewModel;
import dev.cumps.app.log.LogView;
import dev.cumps.app.main.AutoRefresh;
import dev.cumps.app.main.MainView;
import dev.cumps.app.main.MainViewModel;
import dev.cumps.app.main.Panes;
import dev.cumps.app.main.WindowMenus;
import dev.cumps.app.theme.Appearance;
import dev.cumps.app.theme.ThemeChoice;
import dev.cumps.app.theme.ThemeMenu;
import dev.cumps.app.theme.ThemeSwitch;
import dev.cumps.app.ui.dialog.SaveDialog;
import dev.cumps.app.ui.style.ConsoleStylesheet;
import java.util.List;
import java.util.Optional;
import java.util.function.BiFunction;
import java.util.function.Supplier;
import javafx.beans.property.BooleanProperty;
import javafx.beans.property.SimpleBooleanProperty;
import javafx.scene.Scene;
import javafx.scene.control.Menu;
import org.kordamp.ikonli.feather.Feather;

/** Builds the main window's scene from the {@link ViewModels}; shared by the window, the screenshot mode and the tests. */
public final class ConsoleWindow {

    public static final double DEFAULT_WIDTH = 1280;
    public static final double DEFAULT_HEIGHT = 800;

    /** What {@link #build} wired: the caller starts the refresh and owns the scene. */
    public record Built(MainViewModel viewModel, MainView view, Scene scene, AutoRefresh refresh) {
    }

    /** Builds the lower panes from the view-model factory, following the main view model's selection. */
    public interface PaneFactory extends BiFunction<ViewModels, MainViewModel, Panes> {
    }

    private ConsoleWindow() {
    }

    /** The main view with the standard panes. Call on the FX thread. */
    public static Built build(ViewModels viewModels) {
        return build(viewModels, ConsoleWindow::standardPanes);
    }

    /** The main view with the panes {@code panes} builds, in the light theme (nothing saved). Call on the FX thread. */
    public static Built build(ViewModels viewModels, PaneFactory panes) {
        return build(viewModels, panes, ThemeSwitch.unsaved(ThemeChoice.LIGHT));
    }

    /**
     * The main view with the panes {@code panes} builds, in the look {@code theme} gives (installed
     * now and switched by View → Theme); the menus File, View (the pages, Theme) and Help. Call on the FX thread.
     */
    public static Built build(ViewModels viewModels, PaneFactory panes, ThemeSwitch theme) {
        return build(viewModels, viewModels.main(), panes, theme);
    }

    /**
     * As {@link #build(ViewModels, PaneFactory, ThemeSwitch)}, around the main view model {@code viewModel} made
     * by {@code viewModels} (the application asks it for the first collection before it builds the window).
     */
    public static Built build(ViewModels viewModels, MainViewModel viewModel, PaneFactory panes, ThemeSwitch theme) {
        return build(viewModels, viewModel, panes, theme, ControlClientSetting.unsaved());
    }

    /** As {@link #build(ViewModels, MainViewModel, PaneFactory, ThemeSwitch)}, View → Control client showing {@code controlClient}. */
    public static Built build(ViewModels viewModels, MainViewModel viewModel, PaneFactory panes, ThemeSwitch theme,
                              ControlClientSetting controlClient) {
        return build(viewModels, viewModel, panes, theme, controlClient, Optional.empty());
    }

    /**
     * As {@link #build(ViewModels, MainViewModel, PaneFactory, ThemeSwitch, ControlClientSetting)}, the language and
     * the refresh interval of File → Preferences… saved in {@code preferences} (none: not saved), its saved interval
     * in effect from the start.
     */
    public static Built build(ViewModels viewModels, MainViewModel viewModel, PaneFactory panes, ThemeSwitch theme,
                              ControlClientSetting controlClient, Optional<PreferencesStore> preferences) {
        MainView view = new MainView(viewModel, panes.apply(viewModels, viewModel), viewModels.messages());
        Preferences settings = new Preferences(theme, controlClient, viewModel.intervalSecondsProperty(), preferences);
        WindowMenus menus = new WindowMenus(view, viewModels.messages());
        Menu viewMenu = ThemeMenu.viewMenu(theme, viewModels.messages());
        // Above Theme, the View menu's last item: a pointer moving from Theme into its submenu crosses no other submenu.
        viewMenu.getItems().add(viewMenu.getItems().size() - 1, ControlClientMenu.menu(settings.controlClientProperty(),
                settings.controlClientVariable(), viewModels.messages()));
        viewMenu.getItems().addAll(0, menus.pages());
        Runnable openPreferences = () -> PreferencesDialog.show(settings, viewModels.messages(),
                view.getScene() == null ? null : view.getScene().getWindow());
        view.menuBar().getMenus().addAll(menus.file(openPreferences), viewMenu, menus.help());
        theme.applyTo(view);
        GuideWindow.offerBrowser(view, viewModels.guideBrowser());
        Scene scene = new Scene(view, DEFAULT_WIDTH, DEFAULT_HEIGHT);
        // The theme's background as the fill: the native window is created with it, so its first
        // frame (before the first pulse paints the styled root) is not white in the dark theme.
        scene.fillProperty().bind(theme.appearance().map(Appearance::background));
        ConsoleStylesheet.applyTo(scene);
        view.installShortcuts(scene);
        return new Built(viewModel, view, scene, new AutoRefresh(viewModel));
    }

    /**
     * The doctor, env, log, activity, clients, limits and hosts pages, each view (and its view model, but the env
     * block's, which Ctrl+Shift+C copies from the start) built when its page is first chosen; the exports ask
     * the desktop's save dialog.
     */
    public static Panes standardPanes(ViewModels viewModels, MainViewModel main) {
        return standardPanes(viewModels, main, SaveDialog.desktop());
    }

    /** The standard panes, with both exports (the doctor's Export, the activity's Save as…) asking {@code saveDialog}. */
    public static Panes standardPanes(ViewModels viewModels, MainViewModel main, SaveDialog saveDialog) {
        return standardPanes(viewModels, main, () -> {
            DoctorViewModel doctor = viewModels.doctor(main);
            return new DoctorView(doctor, ExportChooser.fileChooser(viewModels.messages(), doctor.exportDirectory(), saveDialog));
        }, saveDialog);
    }

    /** The standard panes, with {@code exportChooser} deciding where the doctor's Export writes. */
    public static Panes standardPanes(ViewModels viewModels, MainViewModel main, ExportChooser exportChooser) {
        return standardPanes(viewModels, main, () -> new DoctorView(viewModels.doctor(main), exportChooser), SaveDialog.desktop());
    }

    private static Panes standardPanes(ViewModels viewModels, MainViewModel main, Supplier<DoctorView> doctor, SaveDialog saveDialog) {
        EnvViewModel env = viewModels.env(main);
        Messages messages = viewModels.messages();
        BooleanProperty clientsShowing = new SimpleBooleanProperty();
        BooleanProperty limitsShowing = new SimpleBooleanProperty();
        BooleanProperty hostsShowing = new SimpleBooleanProperty();
        return new Panes(doctor, () -> new EnvView(env), () -> new LogView(viewModels.log(main)),
                () -> new ActivityView(viewModels.activityPane(), ActivityExportChooser.fileChooser(messages, saveDialog)), env::copy, List.of(
                        new Panes.More("clients", messages.get("main.tab.clients"), Feather.USERS, () -> {
                            ClientsViewModel clients = viewModels.clients(main);
                            clients.showingProperty().bind(clientsShowing);
                            return new ClientsView(clients);
                        }, clientsShowing),
                        new Panes.More("limits", messages.get("main.tab.limits"), Feather.SLIDERS, () -> {
                            LimitsViewModel limits = viewModels.limits(main);
                            limits.showingProperty().bind(limitsShowing);
                            return new LimitsView(limits);
                        }, limitsShowing),
                        new Panes.More("hosts", messages.get("main.tab.hosts"), Feather.GLOBE, () -> {
                            HostsViewModel hosts = viewModels.hosts();
                            hosts.showingProperty().bind(hostsShowing);
                            return new HostsView(hosts, messages);
                        }, hostsShowing, true)));
    }

    public static String title(boolean simulated, Messages messages) {
        return simulated
                ? messages.get("app.title") + " — " + messages.get("app.simulated")
                : messages.get("app.title");
    }
}
