package dev.cumps.app.main;

import java.lang.System.Logger.Level;
import java.time.Duration;
import java.time.Instant;
import java.time.ZoneId;
import java.time.format.DateTimeFormatter;
import java.util.ArrayList;
import java.util.List;
import java.util.Objects;
import java.util.Optional;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.function.Consumer;

import dev.cumps.app.context.ConsoleContext;
import dev.cumps.app.i18n.Messages;
import dev.cumps.app.ui.RecordLook;
import dev.cumps.app.ui.Severity;
import dev.cumps.core.gpu.Gpu;
import dev.cumps.core.lifecycle.StopOutcome;
import dev.cumps.core.mps.ControlPipe;
import dev.cumps.core.record.DaemonRecord;
import dev.cumps.core.record.ManagedDaemon;
import dev.cumps.core.record.UnreadableRecord;
import dev.cumps.core.status.HostStatus;
import javafx.beans.binding.Bindings;
import javafx.beans.binding.BooleanBinding;
import javafx.beans.property.BooleanProperty;
import javafx.beans.property.IntegerProperty;
import javafx.beans.property.ReadOnlyBooleanProperty;
import javafx.beans.property.ReadOnlyBooleanWrapper;
import javafx.beans.property.ReadOnlyObjectProperty;
import javafx.beans.property.ReadOnlyObjectWrapper;
import javafx.beans.property.ReadOnlyStringProperty;
import javafx.beans.property.ReadOnlyStringWrapper;
import javafx.beans.property.SimpleBooleanProperty;
import javafx.beans.property.SimpleIntegerProperty;
import javafx.collections.FXCollections;
import javafx.collections.ObservableList;

/**
 * State of the main view: the host summary, the GPU / control pipe / daemon rows of the last
 * refresh, the selected daemon, and the commands that act on it (stop all, remove a record).
 *
 * <p>Threading: {@link #collect()} blocks (it runs nvidia-smi) and runs on a worker; everything
 * else runs on the UI thread. At most one collection runs at a time, whoever asked for it
 * (the periodic {@link AutoRefresh}, F5, or the end of an action).
 */
public final class MainViewModel {

    private static final System.Logger LOG = System.getLogger(MainViewModel.class.getName());
    private static final DateTimeFormatter TIME = DateTimeFormatter.ofPattern("HH:mm:ss");

    /** The refresh intervals offered, in seconds. */
    public static final List<Integer> INTERVALS = List.of(1, 2, 5, 10);

    /** What one collection produced, and when and how long it took. */
    public record Snapshot(HostStatus status, Instant started, Duration took, Rows rows) {
        /** A snapshot whose table rows {@link #apply} builds on the UI thread. */
        public Snapshot(HostStatus status, Instant started, Duration took) {
            this(status, started, took, null);
        }
    }

    /**
     * The table rows of a snapshot, built off the UI thread by {@link #collect()}: the {@code generation}-th
     * collection (0: not collected), with what changed since the rows of the collection before
     * ({@code changes}; null: unknown, replace everything).
     */
    public record Rows(List<GpuRow> gpus, List<PipeRow> pipes, List<DaemonRow> daemons, long generation, Changes changes) {
        public Rows(List<GpuRow> gpus, List<PipeRow> pipes, List<DaemonRow> daemons) {
            this(gpus, pipes, daemons, 0, null);
        }
    }

    /**
     * What differs between the rows of collection {@code base} (the one before) and the rows that carry
     * this, computed on the worker so that the UI thread touches only what changed (docs/performance.md).
     *
     * @param daemons the indices of the changed daemon rows, or null when the number of rows changed
     */
    public record Changes(long base, boolean gpus, boolean pipes, int[] daemons) {
    }

    /** Above this many changed daemon rows one replacement of the list is cheaper than a change event per row. */
    static final int MAX_ROW_UPDATES = 64;

    private final ConsoleContext ctx;
    private final Messages messages;
    private final AtomicBoolean collecting = new AtomicBoolean();

    private final ReadOnlyBooleanWrapper simulated = new ReadOnlyBooleanWrapper(this, "simulated");
    private final ReadOnlyStringWrapper platform = new ReadOnlyStringWrapper(this, "platform", "");
    private final ReadOnlyStringWrapper driver = new ReadOnlyStringWrapper(this, "driver", "");
    private final ReadOnlyStringWrapper smi = new ReadOnlyStringWrapper(this, "smi", "");
    private final ReadOnlyObjectWrapper<Severity> smiSeverity = new ReadOnlyObjectWrapper<>(this, "smiSeverity");
    private final ReadOnlyStringWrapper diagnostic = new ReadOnlyStringWrapper(this, "diagnostic", "");
    private final ReadOnlyStringWrapper visibleDevices = new ReadOnlyStringWrapper(this, "visibleDevices", "");
    private final ReadOnlyStringWrapper lastRefresh = new ReadOnlyStringWrapper(this, "lastRefresh", "");
    private final ReadOnlyBooleanWrapper refreshing = new ReadOnlyBooleanWrapper(this, "refreshing");
    private final ReadOnlyBooleanWrapper busy = new ReadOnlyBooleanWrapper(this, "busy");
    private final ReadOnlyObjectWrapper<Notice> notice = new ReadOnlyObjectWrapper<>(this, "notice");

    private final ObservableList<GpuRow> gpus = FXCollections.observableArrayList();
    private final ObservableList<PipeRow> pipes = FXCollections.observableArrayList();
    private final ObservableList<DaemonRow> daemons = FXCollections.observableArrayList();
    private final ObservableList<GpuRow> gpusView = FXCollections.unmodifiableObservableList(gpus);
    private final ObservableList<PipeRow> pipesView = FXCollections.unmodifiableObservableList(pipes);
    private final ObservableList<DaemonRow> daemonsView = FXCollections.unmodifiableObservableList(daemons);

    private final ReadOnlyObjectWrapper<DaemonRow> selectedRow = new ReadOnlyObjectWrapper<>(this, "selectedRow");
    private final ReadOnlyObjectWrapper<ManagedDaemon> selectedDaemon = new ReadOnlyObjectWrapper<>(this, "selectedDaemon");
    private String selectedName;
    private boolean applying;
    /** The rows the last collection produced (worker side; collections never overlap). */
    private volatile Rows collected;
    private long generations;
    /** The generation of the rows the tables show now (UI thread). */
    private long applied;

    private final IntegerProperty intervalSeconds = new SimpleIntegerProperty(this, "intervalSeconds", 2);
    private final BooleanProperty paused = new SimpleBooleanProperty(this, "paused");

    private final BooleanBinding stopDisabled;
    private final BooleanBinding removeDisabled;
    private final BooleanBinding stopAllDisabled;

    public MainViewModel(ConsoleContext ctx) {
        this.ctx = Objects.requireNonNull(ctx, "ctx");
        this.messages = ctx.messages();
        simulated.set(ctx.services().simulated());
        stopDisabled = Bindings.createBooleanBinding(
                () -> busy.get() || selectedRow.get() == null || !selectedRow.get().live(), busy, selectedRow);
        removeDisabled = Bindings.createBooleanBinding(
                () -> busy.get() || selectedRow.get() == null || !selectedRow.get().removable(), busy, selectedRow);
        stopAllDisabled = Bindings.createBooleanBinding(
                () -> busy.get() || daemons.stream().noneMatch(row -> row.daemon().isPresent()), busy, daemons);
    }

    // ------------------------------------------------------------------ refresh

    /**
     * Collects the host status; blocking, for a worker thread. Empty when another collection is
     * already running (refreshes never overlap).
     */
    public Optional<Snapshot> collect() {
        if (!collecting.compareAndSet(false, true)) {
            return Optional.empty();
        }
        try {
            Instant started = ctx.clock().instant();
            long t0 = System.nanoTime();
            HostStatus status = ctx.services().status().collect();
            Duration took = Duration.ofNanos(System.nanoTime() - t0);
            // The rows (one MessageFormat per cell that has one) are built here, on the worker thread,
            // so that a refresh of many records leaves the UI thread only the swap (docs/performance.md).
            Rows rows = diff(collected, rows(status, started), ++generations);
            collected = rows;
            return Optional.of(new Snapshot(status, started, took, rows));
        } finally {
            collecting.set(false);
        }
    }

    /** Asks for a refresh now (F5, Refresh, after an action); ignored while one is running. */
    public void refresh() {
        if (refreshing.get()) {
            return;
        }
        refreshing.set(true);
        ctx.executor().submit(this::collect, snapshot -> {
            refreshing.set(false);
            snapshot.ifPresent(this::apply);
        }, error -> {
            refreshing.set(false);
            refreshFailed(error);
        });
    }

    /** Shows a failed collection (the core reports problems as diagnostics; this is a bug or I/O error). */
    public void refreshFailed(Throwable error) {
        LOG.log(Level.WARNING, "Refresh failed", error);
        diagnostic.set(messages.get("refresh.failed", String.valueOf(error.getMessage())));
    }

    /** Shows {@code snapshot}: header, rows, and the selection kept by name. On the UI thread. */
    public void apply(Snapshot snapshot) {
        HostStatus s = snapshot.status();
        simulated.set(s.simulated());
        platform.set(s.platform());
        driver.set(s.driverVersion().orElse(messages.get("header.unknown")));
        smi.set(messages.get(s.nvidiaSmiAvailable() ? "header.smi.available" : "header.smi.unavailable"));
        smiSeverity.set(s.nvidiaSmiAvailable() ? Severity.PASS : Severity.FAIL);
        diagnostic.set(s.diagnostic().orElse(""));
        visibleDevices.set(s.cudaVisibleDevices().orElse(messages.get("header.mask.unset")));
        lastRefresh.set(messages.get("refresh.last",
                TIME.format(snapshot.started().atZone(ZoneId.systemDefault())), snapshot.took().toMillis()));

        Rows rows = snapshot.rows() != null ? snapshot.rows() : rows(s, snapshot.started());
        // The diff holds only if the tables show exactly the rows it was computed against.
        Changes changes = rows.changes() != null && rows.changes().base() == applied && applied != 0 ? rows.changes() : null;
        applying = true;
        try {
            if (changes == null || changes.gpus()) {
                gpus.setAll(rows.gpus());
            }
            if (changes == null || changes.pipes()) {
                pipes.setAll(rows.pipes());
            }
            if (changes == null || changes.daemons() == null || changes.daemons().length > MAX_ROW_UPDATES) {
                daemons.setAll(rows.daemons());
            } else {
                for (int i : changes.daemons()) {
                    daemons.set(i, rows.daemons().get(i));
                }
            }
        } finally {
            applying = false;
        }
        applied = rows.generation();
        showSelection(selectedName == null ? null
                : daemons.stream().filter(row -> row.name().equals(selectedName)).findFirst().orElse(null));
    }

    /** The table rows for {@code s}; touches no property, so any thread may call it. */
    Rows rows(HostStatus s, Instant started) {
        List<DaemonRow> rows = new ArrayList<>();
        s.daemons().forEach(d -> rows.add(daemonRow(d, started)));
        s.unreadable().forEach(u -> rows.add(unreadableRow(u)));
        return new Rows(s.gpus().stream().map(this::gpuRow).toList(), s.controlPipes().stream().map(this::pipeRow).toList(),
                List.copyOf(rows));
    }

    /** {@code now} as collection {@code generation}, with what changed since {@code before} (null: none); any thread. */
    static Rows diff(Rows before, Rows now, long generation) {
        if (before == null) {
            return new Rows(now.gpus(), now.pipes(), now.daemons(), generation, null);
        }
        int[] changed = null;
        if (before.daemons().size() == now.daemons().size()) {
            changed = java.util.stream.IntStream.range(0, now.daemons().size())
                    .filter(i -> !before.daemons().get(i).equals(now.daemons().get(i))).toArray();
        }
        return new Rows(now.gpus(), now.pipes(), now.daemons(), generation, new Changes(before.generation(), !before.gpus().equals(now.gpus()),
                !before.pipes().equals(now.pipes()), changed));
    }

    private GpuRow gpuRow(HostStatus.GpuRow row) {
        Gpu gpu = row.gpu();
        return new GpuRow(gpu.index(), gpu.uuid().value(), gpu.name(), gpu.computeMode(),
                gpu.memoryTotalMiB().map(mib -> messages.get("gpu.memory", mib)).orElse(messages.get("header.unknown")),
                gpu.migMode().orElse(messages.get("gpu.mig.none")),
                row.visible(), messages.get(row.visible() ? "gpu.visible.yes" : "gpu.visible.no"), row.daemonNames());
    }

    private PipeRow pipeRow(HostStatus.PipeRow row) {
        String kind = messages.get(row.kind() == ControlPipe.Kind.FIFO ? "pipe.kind.fifo" : "pipe.kind.socket");
        String owner = row.managed() ? String.join(", ", row.managedNames()) : messages.get("pipe.unmanaged");
        return new PipeRow(row.path().toString(), kind, row.managed(), owner);
    }

    private DaemonRow daemonRow(ManagedDaemon daemon, Instant now) {
        DaemonRecord r = daemon.record();
        RecordLook look = daemon.live() ? RecordLook.LIVE : RecordLook.STALE;
        Instant created = Instant.ofEpochMilli(Math.round(r.createdAt() * 1000));
        return new DaemonRow(r.name(), look, stateText(look), Long.toString(r.pid()), Long.toString(r.processStartTicks()),
                String.join(", ", r.gpuUuids()), r.pipeDirectory().toString(), r.logDirectory().toString(),
                age(Duration.between(created, now)), Optional.of(daemon), Optional.empty());
    }

    private DaemonRow unreadableRow(UnreadableRecord u) {
        String none = messages.get("daemon.none");
        return new DaemonRow(u.name(), RecordLook.UNREADABLE, stateText(RecordLook.UNREADABLE), none, none, none,
                u.path().toString(), none, none, Optional.empty(), Optional.of(u.reason()));
    }

    String stateText(RecordLook look) {
        return switch (look) {
            case LIVE -> messages.get("daemon.state.live");
            case STALE -> messages.get("daemon.state.stale");
            case UNREADABLE -> messages.get("daemon.state.unreadable");
        };
    }

    /** A short age such as "42 s", "3 min 5 s", "2 h 10 min", "4 d 3 h". */
    String age(Duration d) {
        long s = Math.max(0, d.getSeconds());
        if (s < 60) {
            return messages.get("daemon.age.seconds", s);
        }
        if (s < 3600) {
            return messages.get("daemon.age.minutes", s / 60, s % 60);
        }
        if (s < 86_400) {
            return messages.get("daemon.age.hours", s / 3600, (s % 3600) / 60);
        }
        return messages.get("daemon.age.days", s / 86_400, (s % 86_400) / 3600);
    }

    // ------------------------------------------------------------------ selection

    /** The user selected {@code row} (null: nothing). Ignored while rows are being replaced. */
    public void select(DaemonRow row) {
        if (applying) {
            return;
        }
        selectedName = row == null ? null : row.name();
        showSelection(row);
    }

    private void showSelection(DaemonRow row) {
        selectedRow.set(row);
        ManagedDaemon daemon = row == null ? null : row.daemon().orElse(null);
        if (!Objects.equals(daemon, selectedDaemon.get())) {
            selectedDaemon.set(daemon);
        }
    }

    // ------------------------------------------------------------------ commands

    /** Stops every live daemon and cleans stale records (the core's stop --all); outcomes to {@code done}. */
    public void stopAll(Consumer<List<StopOutcome>> done) {
        String action = messages.get("stop.all.action");
        busy.set(true);
        notice.set(new Notice(Severity.SKIP, messages.get("stop.all.running")));
        ctx.executor().submit(() -> ctx.services().lifecycle().stopAll(), outcomes -> {
            busy.set(false);
            long stopped = outcomes.stream().filter(StopOutcome::stopped).count();
            boolean failed = outcomes.stream().anyMatch(o -> o.result() == StopOutcome.Result.FAILED);
            for (StopOutcome o : outcomes) {
                ctx.activity().record(action + " — " + o.name(), o.result() != StopOutcome.Result.FAILED, o.message());
            }
            notice.set(new Notice(failed ? Severity.FAIL : Severity.PASS,
                    messages.get("stop.all.done", stopped, outcomes.size() - stopped)));
            refresh();
            done.accept(outcomes);
        }, error -> {
            busy.set(false);
            actionFailed(action, error);
        });
    }

    /** Stops the daemon of a confirmed {@link StopViewModel}; the outcome becomes the notice. */
    public void stop(StopViewModel confirmed, Consumer<StopOutcome> done) {
        busy.set(true);
        notice.set(new Notice(Severity.SKIP, messages.get("stop.running", confirmed.evidence().name())));
        confirmed.stop(outcome -> {
            busy.set(false);
            notice.set(confirmed.notice(outcome));
            refresh();
            done.accept(outcome);
        }, error -> {
            busy.set(false);
            actionFailed(confirmed.action(), error);
        });
    }

    /** Moves the selected stale or unreadable record aside (the core refuses a live one). */
    public void removeSelected() {
        DaemonRow row = selectedRow.get();
        if (row == null || !row.removable()) {
            return;
        }
        String action = messages.get("remove.action", row.name());
        busy.set(true);
        ctx.executor().submit(() -> ctx.services().lifecycle().removeRecord(row.name()), moved -> {
            busy.set(false);
            String text = messages.get("remove.done", row.name(), moved);
            ctx.activity().record(action, true, text);
            notice.set(new Notice(Severity.PASS, text));
            refresh();
        }, error -> {
            busy.set(false);
            actionFailed(action, error);
        });
    }

    /** Records a failed action and shows its one-line message. */
    public void actionFailed(String action, Throwable error) {
        String message = error.getMessage() == null ? error.getClass().getSimpleName() : error.getMessage();
        ctx.activity().record(action, false, message);
        notice.set(new Notice(Severity.FAIL, messages.get("main.action.failed", action, message)));
        refresh();
    }

    /** Shows the outcome of an action done elsewhere (start and stop dialogs). */
    public void showNotice(Notice value) {
        notice.set(value);
    }

    /** The visible GPUs of the last refresh (what the start dialog offers). */
    public List<GpuRow> visibleGpus() {
        return gpus.stream().filter(GpuRow::visible).toList();
    }


    public ConsoleContext context() {
        return ctx;
    }

    // ------------------------------------------------------------------ properties

    public ReadOnlyBooleanProperty simulatedProperty() {
        return simulated.getReadOnlyProperty();
    }

    public ReadOnlyStringProperty platformProperty() {
        return platform.getReadOnlyProperty();
    }

    public ReadOnlyStringProperty driverProperty() {
        return driver.getReadOnlyProperty();
    }

    public ReadOnlyStringProperty smiProperty() {
        return smi.getReadOnlyProperty();
    }

    public ReadOnlyObjectProperty<Severity> smiSeverityProperty() {
        return smiSeverity.getReadOnlyProperty();
    }

    public ReadOnlyStringProperty diagnosticProperty() {
        return diagnostic.getReadOnlyProperty();
    }

    public ReadOnlyStringProperty visibleDevicesProperty() {
        return visibleDevices.getReadOnlyProperty();
    }

    public ReadOnlyStringProperty lastRefreshProperty() {
        return lastRefresh.getReadOnlyProperty();
    }

    public ReadOnlyBooleanProperty refreshingProperty() {
        return refreshing.getReadOnlyProperty();
    }

    public ReadOnlyBooleanProperty busyProperty() {
        return busy.getReadOnlyProperty();
    }

    public ReadOnlyObjectProperty<Notice> noticeProperty() {
        return notice.getReadOnlyProperty();
    }

    public ObservableList<GpuRow> gpus() {
        return gpusView;
    }

    public ObservableList<PipeRow> pipes() {
        return pipesView;
    }

    public ObservableList<DaemonRow> daemons() {
        return daemonsView;
    }

    public ReadOnlyObjectProperty<DaemonRow> selectedRowProperty() {
        return selectedRow.getReadOnlyProperty();
    }

    /** The selected daemon's record and state; null when nothing or an unreadable record is selected. */
    public ReadOnlyObjectProperty<ManagedDaemon> selectedDaemonProperty() {
        return selectedDaemon.getReadOnlyProperty();
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
