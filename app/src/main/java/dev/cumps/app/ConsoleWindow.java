package dev.cumps.app;

import dev.cumps.app.i18n.Messages;
import dev.cumps.app.context.ConsoleContext;
import java.util.function.BiFunction;

import dev.cumps.app.activity.ActivityView;
import dev.cumps.app.doctor.DoctorView;
import dev.cumps.app.doctor.DoctorViewModel;
import dev.cumps.app.doctor.ExportChooser;
import dev.cumps.app.env.EnvView;
import dev.cumps.app.env.EnvViewModel;
import dev.cumps.app.log.LogView;
import dev.cumps.app.log.LogViewModel;
import dev.cumps.app.main.AutoRefresh;
import dev.cumps.app.main.MainView;
import dev.cumps.app.main.MainViewModel;
import dev.cumps.app.main.Panes;
import dev.cumps.app.ui.Styles;
import dev.cumps.core.proc.ProcFsProcessTable;
import dev.cumps.core.record.ManagedDaemon;
import javafx.beans.value.ObservableValue;
import javafx.scene.Scene;

/** Builds the main window's scene from a {@link ConsoleContext}; shared by the window, the screenshot mode and the tests. */
public final class ConsoleWindow {

    public static final double DEFAULT_WIDTH = 1280;
    public static final double DEFAULT_HEIGHT = 800;

    /** What {@link #build} wired: the caller starts the refresh and owns the scene. */
    public record Built(MainViewModel viewModel, MainView view, Scene scene, AutoRefresh refresh) {
    }

    /** Builds the lower panes for a context and the selected daemon. */
    public interface PaneFactory extends BiFunction<ConsoleContext, ObservableValue<ManagedDaemon>, Panes> {
    }

    private ConsoleWindow() {
    }

    /** The main view with the standard panes. Call on the FX thread. */
    public static Built build(ConsoleContext ctx) {
        return build(ctx, ConsoleWindow::standardPanes);
    }

    /** The main view with the panes {@code panes} builds. Call on the FX thread. */
    public static Built build(ConsoleContext ctx, PaneFactory panes) {
        MainViewModel viewModel = new MainViewModel(ctx);
        MainView view = new MainView(viewModel, panes.apply(ctx, viewModel.selectedDaemonProperty()), ctx.messages(),
                new ProcFsProcessTable());
        Scene scene = new Scene(view, DEFAULT_WIDTH, DEFAULT_HEIGHT);
        Styles.applyTo(scene);
        view.installShortcuts(scene);
        return new Built(viewModel, view, scene, new AutoRefresh(viewModel));
    }

    /** The doctor, env, log and activity panes; Ctrl+Shift+C copies the env block; Export asks the desktop's save dialog. */
    public static Panes standardPanes(ConsoleContext ctx, ObservableValue<ManagedDaemon> selection) {
        return standardPanes(ctx, selection, ExportChooser.fileChooser(ctx.messages()));
    }

    /** The standard panes, with {@code exportChooser} deciding where the doctor's Export writes. */
    public static Panes standardPanes(ConsoleContext ctx, ObservableValue<ManagedDaemon> selection,
            ExportChooser exportChooser) {
        EnvView env = new EnvView(new EnvViewModel(ctx, selection));
        DoctorViewModel doctor = new DoctorViewModel(ctx);
        doctor.followSelection(selection);
        return new Panes(new DoctorView(doctor, exportChooser), env, new LogView(new LogViewModel(ctx, selection)),
                new ActivityView(ctx.activity(), ctx.messages()), env::copy);
    }

    public static String title(boolean simulated, Messages messages) {
        return simulated
                ? messages.get("app.title") + " — " + messages.get("app.simulated")
                : messages.get("app.title");
    }
}
