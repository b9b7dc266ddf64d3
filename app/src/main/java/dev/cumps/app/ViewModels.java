package dev.cumps.app;

import dev.cumps.app.activity.ActivityLog;
import dev.cumps.app.context.ConsoleContext;
import dev.cumps.app.doctor.DoctorViewModel;
import dev.cumps.app.env.EnvViewModel;
import dev.cumps.app.i18n.Messages;
import dev.cumps.app.log.LogViewModel;
import dev.cumps.app.main.MainViewModel;
import dev.cumps.app.ui.ClipboardSink;
import dev.cumps.app.ui.UiExecutor;
import dev.cumps.core.CoreServices;
import dev.cumps.core.proc.ProcFsProcessTable;
import dev.cumps.core.proc.ProcessTable;
import java.time.Clock;
import java.util.Objects;

/**
 * The view-model factory: created once from the core services, the executor seam, the texts, the
 * clipboard and the clock, it builds every view model of the window. Views and the window builder
 * get view models from here and never see the core; the panes below the tables follow the main
 * view model's selected daemon through the view models made here.
 */
public final class ViewModels {

    private final ConsoleContext ctx;
    private final ProcessTable processes;

    /** @param processes where the stop confirmation reads the current {@code /proc} start time */
    public ViewModels(ConsoleContext ctx, ProcessTable processes) {
        this.ctx = Objects.requireNonNull(ctx, "ctx");
        this.processes = Objects.requireNonNull(processes, "processes");
    }

    /** The view models of the window on {@code services}, with this machine's {@code /proc}. */
    public static ViewModels create(CoreServices services, UiExecutor executor, Messages messages, ClipboardSink clipboard,
            Clock clock) {
        return of(new ConsoleContext(services, executor, messages, new ActivityLog(clock), clipboard, clock));
    }

    /** The view models of {@code ctx}, with this machine's {@code /proc}. */
    public static ViewModels of(ConsoleContext ctx) {
        return new ViewModels(ctx, new ProcFsProcessTable());
    }

    public MainViewModel main() {
        return new MainViewModel(ctx, processes);
    }

    /** The doctor pane's, its selector following the daemon selected in {@code main}. */
    public DoctorViewModel doctor(MainViewModel main) {
        DoctorViewModel doctor = new DoctorViewModel(ctx);
        doctor.followSelection(main.selectedDaemonProperty());
        return doctor;
    }

    /** The env pane's, for the daemon selected in {@code main}. */
    public EnvViewModel env(MainViewModel main) {
        return new EnvViewModel(ctx, main.selectedDaemonProperty());
    }

    /** The control-log pane's, for the daemon selected in {@code main}. */
    public LogViewModel log(MainViewModel main) {
        return new LogViewModel(ctx, main.selectedDaemonProperty());
    }

    public Messages messages() {
        return ctx.messages();
    }

    public ActivityLog activity() {
        return ctx.activity();
    }

    public ConsoleContext context() {
        return ctx;
    }
}
