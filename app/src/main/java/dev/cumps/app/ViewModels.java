package dev.cumps.app;

import dev.cumps.app.activity.ActivityLog;
import dev.cumps.app.activity.ActivityViewModel;
import dev.cumps.app.context.ConsoleContext;
import dev.cumps.app.doctor.DoctorViewModel;
import dev.cumps.app.env.EnvViewModel;
import dev.cumps.app.guide.GuideBrowser;
import dev.cumps.app.hosts.HostsViewModel;
import dev.cumps.app.i18n.Messages;
import dev.cumps.app.live.ClientsViewModel;
import dev.cumps.app.live.LimitsViewModel;
import dev.cumps.app.log.LogViewModel;
import dev.cumps.app.main.MainViewModel;
import dev.cumps.app.ui.ClipboardSink;
import dev.cumps.app.ui.UiExecutor;
import dev.cumps.core.CoreServices;
import dev.cumps.core.fleet.HostList;
import dev.cumps.core.record.ManagedDaemon;
import java.time.Clock;
import java.time.ZoneId;
import java.util.Objects;
import javafx.beans.value.ObservableValue;

/**
 * The view-model factory: created once from the core services and the window's seams (executor,
 * texts, activity log, clipboard, clock), it builds every view model of the window and hands each
 * one exactly the core services it uses (the doctor pane the {@code Doctor}, the env pane the
 * {@code EnvService}, the main view the host snapshot, the starter and the stopper). It is the only place of
 * the window below the composition root that holds {@code CoreServices}; views and the window
 * builder get view models from here and never see the core. The panes below the tables follow the
 * main view model's selected daemon through the view models made here.
 */
public final class ViewModels {

    private final CoreServices services;
    private final ConsoleContext ctx;

    /** The view models on the services of {@code services} (the only place that builds them) and the seams of {@code ctx}. */
    public ViewModels(CoreServices services, ConsoleContext ctx) {
        this.services = Objects.requireNonNull(services, "services");
        this.ctx = Objects.requireNonNull(ctx, "ctx");
    }

    /** The view models of the window on {@code services}. */
    public static ViewModels create(CoreServices services, UiExecutor executor, Messages messages, ClipboardSink clipboard,
            Clock clock) {
        return of(services, new ConsoleContext(executor, messages, new ActivityLog(clock), clipboard, clock));
    }

    /** The view models on {@code services} sharing the seams of {@code ctx}. */
    public static ViewModels of(CoreServices services, ConsoleContext ctx) {
        return new ViewModels(services, ctx);
    }

    /** The guide window's Open in browser, on the guide file the launcher named. */
    public GuideBrowser guideBrowser() {
        return new GuideBrowser(ctx.executor(), ctx.messages(), services.folders(), services.guide());
    }

    public MainViewModel main() {
        return new MainViewModel(ctx, services.snapshots(), services.starter(), services.stopper(), services.host(), services.simulated(),
                services.processes());
    }

    /** The doctor pane's, its selector following the daemon selected in {@code main}. */
    public DoctorViewModel doctor(MainViewModel main) {
        DoctorViewModel doctor = doctor();
        doctor.followSelection(main.selectedDaemonProperty());
        doctor.followHost(main.summary().statusProperty(), main.actionsFinishedProperty());
        return doctor;
    }

    /** The doctor pane's, its selector left to the user. */
    public DoctorViewModel doctor() {
        return new DoctorViewModel(ctx, services.doctor(), services.fixes(), services.host().home());
    }

    /** The env pane's, for the daemon selected in {@code main}. */
    public EnvViewModel env(MainViewModel main) {
        return env(main.selectedDaemonProperty());
    }

    /** The env pane's, for the daemon {@code selection} holds. */
    public EnvViewModel env(ObservableValue<ManagedDaemon> selection) {
        return new EnvViewModel(ctx, services.env(), selection);
    }

    /** The control-log pane's, for the daemon selected in {@code main}. */
    public LogViewModel log(MainViewModel main) {
        return log(main.selectedDaemonProperty());
    }

    /** The control-log pane's, for the daemon {@code selection} holds. */
    public LogViewModel log(ObservableValue<ManagedDaemon> selection) {
        return new LogViewModel(ctx, selection, services.folders());
    }

    /** The Clients pane's, for the daemon selected in {@code main}, collected by {@code main}'s refresh. */
    public ClientsViewModel clients(MainViewModel main) {
        ClientsViewModel clients = new ClientsViewModel(ctx, services.live(), main.selectedDaemonProperty(), main::refresh,
                services.terminator());
        main.addRefreshPart((host, cause) -> clients.collect(host, cause.periodic(), cause.intervalSeconds()));
        return clients;
    }

    /** The Hosts page's: the user's hosts file, each host read over the user's ssh ({@code cumps fleet}'s core). */
    public HostsViewModel hosts() {
        return new HostsViewModel(ctx, services.fleet(), HostList.of(services.host()),
                ctx.clock().getZone());
    }

    /** The Limits pane's, for the daemon selected in {@code main}, collected by {@code main}'s refresh. */
    public LimitsViewModel limits(MainViewModel main) {
        LimitsViewModel limits = new LimitsViewModel(ctx, services.limits(), main.selectedDaemonProperty(), main::refresh);
        main.addRefreshPart((host, cause) -> limits.collect(host, cause.periodic(), cause.intervalSeconds()));
        return limits;
    }

    public Messages messages() {
        return ctx.messages();
    }

    public ActivityLog activity() {
        return ctx.activity();
    }

    /** The activity pane's: the window's activity log in the desktop's time zone, saved from {@code $HOME}. */
    public ActivityViewModel activityPane() {
        return activityPane(ZoneId.systemDefault());
    }

    /** The activity pane's, its times in {@code zone}. */
    public ActivityViewModel activityPane(ZoneId zone) {
        return new ActivityViewModel(ctx.activity(), ctx.messages(), ctx.executor(), services.host().home(), zone);
    }

    public ConsoleContext context() {
        return ctx;
    }
}
