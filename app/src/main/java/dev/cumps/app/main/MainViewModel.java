package dev.cumps.app.main;

import dev.cumps.app.context.ConsoleContext;
import dev.cumps.app.i18n.Messages;
import dev.cumps.app.live.GpuLoadHistory;
import dev.cumps.app.ui.UiTask;
import dev.cumps.core.host.HostEnvironment;
import dev.cumps.core.lifecycle.DaemonStarter;
import dev.cumps.core.lifecycle.DaemonStopper;
import dev.cumps.core.proc.ProcessTable;
import dev.cumps.core.record.ManagedDaemon;
import dev.cumps.core.snapshot.HostSnapshotService;
import dev.cumps.core.status.HostStatus;
import java.lang.System.Logger.Level;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.time.ZoneId;
import java.time.format.DateTimeFormatter;
import java.util.List;
import java.util.Objects;
import java.util.Optional;
import java.util.concurrent.CopyOnWriteArrayList;
import javafx.beans.binding.Bindings;
import javafx.beans.binding.BooleanBinding;
import javafx.beans.property.BooleanProperty;
import javafx.beans.property.IntegerProperty;
import javafx.beans.property.ReadOnlyBooleanProperty;
import javafx.beans.property.ReadOnlyLongProperty;
import javafx.beans.property.ReadOnlyObjectProperty;
import javafx.beans.property.ReadOnlyObjectWrapper;
import javafx.beans.property.SimpleBooleanProperty;
import javafx.beans.property.SimpleIntegerProperty;
import javafx.collections.ObservableList;

/**
 * State of the main view: the host summary ({@link HostSummary}), the GPU / control pipe / daemon
 * rows of the last refresh ({@link MainTables}), the selected daemon, and the commands that act on
 * it ({@link DaemonActions}). Every refresh goes through one guard ({@link RefreshCoordinator}).
 *
 * <p>Threading: the collection blocks (it runs nvidia-smi) and runs on a worker; everything else
 * runs on the UI thread.
 *
 * <p>Size: about 340 lines because it is the one facade the main view binds to; the work is in the
 * parts named above (and the panes' {@link RefreshPart}s and {@link GpuLoadHistory}), and what is left
 * here is delegation, one accessor per bound property and the three enablement bindings of the
 * toolbar. Splitting it further would only move accessors.
 */
public final class MainViewModel {

    private static final System.Logger LOG = System.getLogger(MainViewModel.class.getName());
    private static final DateTimeFormatter TIME = DateTimeFormatter.ofPattern("HH:mm:ss");

    /** The refresh intervals offered, in seconds. */
    public static final List<Integer> INTERVALS = List.of(1, 2, 5, 10);

    /**
     * What one collection produced, and when and how long it took; {@code parts} show what the
     * {@link RefreshPart}s collected with it.
     */
    public record Snapshot(HostStatus status, Instant started, Duration took, MainRows.Rows rows, List<Runnable> parts) {
        public Snapshot {
            parts = List.copyOf(parts);
        }

        /** A snapshot whose table rows {@link #apply} builds on the UI thread. */
        public Snapshot(HostStatus status, Instant started, Duration took) {
            this(status, started, took, null, List.of());
        }
    }

    private final ConsoleContext ctx;
    private final DaemonStarter starter;
    private final DaemonStopper stopper;
    private final HostEnvironment host;
    private final Messages messages;
    private final ProcessTable processes;
    private final MainRows rowBuilder;
    private final HostSummary summary;
    private final MainTables tables = new MainTables();
    private final DaemonActions actions;
    private final StartWatch startWatch;
    private final RefreshCoordinator<Snapshot> refresher;
    private final SnapshotCollector collector;
    private final List<RefreshPart> parts = new CopyOnWriteArrayList<>();
    private final GpuLoadHistory gpuLoad = new GpuLoadHistory();
    private final ReadOnlyObjectWrapper<Notice> statusLine = new ReadOnlyObjectWrapper<>(this, "statusLine");

    private final IntegerProperty intervalSeconds = new SimpleIntegerProperty(this, "intervalSeconds", 2);
    private final BooleanProperty paused = new SimpleBooleanProperty(this, "paused");

    private final BooleanBinding stopDisabled;
    private final BooleanBinding removeDisabled;
    private final BooleanBinding stopAllDisabled;

    /**
     * @param snapshots what each refresh reads
     * @param starter   what the start dialog calls
     * @param stopper   what Stop, Stop all and Remove record call
     * @param host      where the start dialog derives its default directories from
     * @param simulated whether the host is the simulated one (shown in the summary)
     * @param processes where the stop confirmation reads the current {@code /proc} start time
     *                  (evidence only; the core decides)
     */
    public MainViewModel(ConsoleContext ctx, HostSnapshotService snapshots, DaemonStarter starter, DaemonStopper stopper,
            HostEnvironment host,
            boolean simulated, ProcessTable processes) {
        this.ctx = Objects.requireNonNull(ctx, "ctx");
        this.starter = Objects.requireNonNull(starter, "starter");
        this.stopper = Objects.requireNonNull(stopper, "stopper");
        this.host = Objects.requireNonNull(host, "host");
        this.processes = Objects.requireNonNull(processes, "processes");
        this.messages = ctx.messages();
        this.rowBuilder = new MainRows(messages);
        this.summary = new HostSummary(messages, simulated);
        this.collector = new SnapshotCollector(snapshots, ctx.clock(), rowBuilder, parts);
        this.refresher = new RefreshCoordinator<>(ctx.executor(), collector::collect, this::apply, this::refreshFailed);
        this.actions = new DaemonActions(ctx, stopper, this::refresh);
        this.startWatch = new StartWatch(messages, ctx.activity(), actions::showNotice);
        ReadOnlyBooleanProperty busy = actions.busyProperty();
        ReadOnlyObjectProperty<DaemonRow> selectedRow = tables.selectedRowProperty();
        stopDisabled = Bindings.createBooleanBinding(
                () -> busy.get() || selectedRow.get() == null || !selectedRow.get().live(), busy, selectedRow);
        removeDisabled = Bindings.createBooleanBinding(
                () -> busy.get() || selectedRow.get() == null || !selectedRow.get().removable(), busy, selectedRow);
        stopAllDisabled = Bindings.createBooleanBinding(
                () -> busy.get() || tables.daemons().stream().noneMatch(DaemonRow::readable), busy, tables.daemons());
        // The status line keeps the last outcome: a notice of this view (start, stop, remove), or the end
        // of a change made on another page (Fix…, Terminate, Limits), whichever came last.
        actions.noticeProperty().addListener((obs, before, now) -> statusLine.set(now));
        ctx.activity().lastChangeProperty().addListener((obs, before, last) -> statusLine.set(new Notice(
                last.severity(), messages.get("status.activity", last.action(), last.outcome()))));
    }

    // ------------------------------------------------------------------ refresh

    /** Asks for a refresh now (F5, Refresh, after an action); ignored while one is running. */
    public void refresh() {
        refresher.refreshNow();
    }

    /**
     * As {@link #refresh()}, around the host snapshot {@code ahead} read (or is reading) since the host session
     * opened: the launch's first refresh, asked before the window is built.
     */
    public void refreshFrom(ReadAhead ahead) {
        Objects.requireNonNull(ahead, "ahead");
        refresher.refreshNow(() -> collector.collect(ahead.join()));
    }

    /** The periodic refresh's collection, on its worker: its tick comes every {@code intervalSeconds} (package: {@link AutoRefresh}). */
    Snapshot collectPeriodic(int intervalSeconds) {
        return collector.collectPeriodic(intervalSeconds);
    }

    /** The guard the periodic refresh goes through (package: {@link AutoRefresh}). */
    RefreshCoordinator<Snapshot> refresher() {
        return refresher;
    }

    /** Shows a failed collection (the core reports problems as diagnostics; this is a bug or I/O error). */
    public void refreshFailed(Throwable error) {
        LOG.log(Level.WARNING, "Refresh failed", error);
        summary.failed(messages.get("refresh.failed", messages.errorText(error).orElse(String.valueOf(error.getMessage()))));
    }

    /** Shows {@code snapshot}: header, rows, and the selection kept by name. On the UI thread. */
    public void apply(Snapshot snapshot) {
        summary.show(snapshot.status(), messages.get("refresh.last",
                TIME.format(snapshot.started().atZone(ZoneId.systemDefault())), snapshot.took().toMillis()));
        MainRows.Rows rows = snapshot.rows() != null ? snapshot.rows() : rowBuilder.rows(snapshot.status(), snapshot.started());
        tables.show(rows);
        startWatch.refreshed(snapshot.started(), tables::daemon);
        gpuLoad.record(snapshot.status());
        snapshot.parts().forEach(Runnable::run);
    }

    /** Adds work to every later refresh (the Clients and Limits panes); see {@link RefreshPart}. */
    public void addRefreshPart(RefreshPart part) {
        parts.add(Objects.requireNonNull(part, "part"));
    }

    /** The recent load of each GPU, fed by every refresh (the GPUs table's bars and sparklines). */
    public GpuLoadHistory gpuLoad() {
        return gpuLoad;
    }

    /** A short age such as "42 s", "3 min 5 s", "2 h 10 min", "4 d 3 h". */
    String age(Duration d) {
        return rowBuilder.age(d);
    }

    // ------------------------------------------------------------------ selection

    /** The user selected {@code row} (null: nothing). Ignored while rows are being replaced. */
    public void select(DaemonRow row) {
        tables.select(row);
    }

    /** The core's assessment of the record {@code name} at the last refresh; empty for an unreadable one. */
    public Optional<ManagedDaemon> daemon(String name) {
        return tables.daemon(name);
    }

    // ------------------------------------------------------------------ commands

    /** The start dialog's view model, offering the visible GPUs of the last refresh. */
    public StartViewModel startViewModel() {
        return new StartViewModel(ctx, starter, host, visibleGpus(), tables.busyGpus(), summary.diagnosticProperty().get());
    }

    /** The stop confirmation for the selected live daemon, with its evidence read now; empty when none. */
    public Optional<StopViewModel> stopSelected() {
        ManagedDaemon daemon = tables.selectedDaemonProperty().get();
        if (stopDisabled.get() || daemon == null) {
            return Optional.empty();
        }
        return Optional.of(new StopViewModel(ctx, stopper, daemon, processes));
    }

    /** What the stop-all confirmation lists, from the last refresh. */
    public StopAllPreview stopAllPreview() {
        return tables.stopAllPreview();
    }

    /** Stops every live daemon and cleans stale records (the core's stop --all), started: a task of the report's lines. */
    public UiTask<List<StopAllLine>, Void> stopAll() {
        return actions.stopAll();
    }

    /**
     * Stops the daemon of a confirmed {@link StopViewModel}, started: a task of the notice of an outcome other
     * than stopped, for a dialog (empty when stopped).
     */
    public UiTask<Optional<Notice>, Void> stop(StopViewModel confirmed) {
        return actions.stop(confirmed);
    }

    /** Moves the selected stale or unreadable record aside (the core refuses a live one); empty when none is selected. */
    public Optional<UiTask<Path, Void>> removeSelected() {
        DaemonRow row = tables.selectedRowProperty().get();
        return row != null && row.removable() ? Optional.of(actions.remove(row.name())) : Optional.empty();
    }

    /**
     * The start dialog started a daemon: the next refreshes watch it, and should it exit soon after, its
     * start's activity entry and the status line say so ({@link StartWatch}).
     */
    public void watchStarted(StartOutcome.Started started) {
        startWatch.started(started.name(), started.entry(), ctx.clock().instant());
    }

    /** Shows the outcome of an action done elsewhere (start and stop dialogs). */
    public void showNotice(Notice value) {
        actions.showNotice(value);
    }

    /** The visible GPUs of the last refresh (what the start dialog offers). */
    public List<GpuRow> visibleGpus() {
        return tables.gpus().stream().filter(GpuRow::visible).toList();
    }

    public ConsoleContext context() {
        return ctx;
    }

    // ------------------------------------------------------------------ properties

    /** The host facts above the tables. */
    public HostSummary summary() {
        return summary;
    }

    /** The three tables and the selected row. */
    public MainTables tables() {
        return tables;
    }

    public ReadOnlyBooleanProperty refreshingProperty() {
        return refresher.refreshingProperty();
    }

    /** Counts the actions of this window that ended (start, stop, stop all, remove): the doctor pane re-runs after each. */
    public ReadOnlyLongProperty actionsFinishedProperty() {
        return actions.finishedProperty();
    }

    public ReadOnlyBooleanProperty busyProperty() {
        return actions.busyProperty();
    }

    public ReadOnlyObjectProperty<Notice> noticeProperty() {
        return actions.noticeProperty();
    }

    /** What the status line shows: the last notice or the last action the activity log recorded, whichever came last. */
    public ReadOnlyObjectProperty<Notice> statusLineProperty() {
        return statusLine.getReadOnlyProperty();
    }

    public ObservableList<GpuRow> gpus() {
        return tables.gpus();
    }

    public ObservableList<PipeRow> pipes() {
        return tables.pipes();
    }

    public ObservableList<DaemonRow> daemons() {
        return tables.daemons();
    }

    public ReadOnlyObjectProperty<DaemonRow> selectedRowProperty() {
        return tables.selectedRowProperty();
    }

    /** The selected daemon's record and state; null when nothing or an unreadable record is selected. */
    public ReadOnlyObjectProperty<ManagedDaemon> selectedDaemonProperty() {
        return tables.selectedDaemonProperty();
    }

    public IntegerProperty intervalSecondsProperty() {
        return intervalSeconds;
    }

    public BooleanProperty pausedProperty() {
        return paused;
    }

    public BooleanBinding stopDisabledBinding() {
        return stopDisabled;
    }

    public BooleanBinding removeDisabledBinding() {
        return removeDisabled;
    }

    public BooleanBinding stopAllDisabledBinding() {
        return stopAllDisabled;
    }
}
