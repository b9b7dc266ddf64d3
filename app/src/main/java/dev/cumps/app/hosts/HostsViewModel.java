package dev.cumps.app.hosts;

import dev.cumps.app.context.ConsoleContext;
import dev.cumps.app.doctor.DoctorRow;
import dev.cumps.app.doctor.GpuWords;
import dev.cumps.app.doctor.HostDoctorRows;
import dev.cumps.app.hosts.HostDetailRows.DaemonLine;
import dev.cumps.app.hosts.HostDetailRows.GpuLine;
import dev.cumps.app.i18n.Messages;
import dev.cumps.app.live.LimitsForm;
import dev.cumps.app.ui.LatestOnly;
import dev.cumps.app.ui.style.RecordLook;
import dev.cumps.core.fleet.Destination;
import dev.cumps.core.fleet.DoctorDocument;
import dev.cumps.core.fleet.Fleet;
import dev.cumps.core.fleet.Fleet.RemoteRun;
import dev.cumps.core.fleet.HostList;
import dev.cumps.core.fleet.HostReport;
import dev.cumps.core.fleet.HostReport.HostSummary;
import dev.cumps.core.fleet.RemoteCommand;
import dev.cumps.core.fleet.StatusDocument.DoctorVerdict;
import dev.cumps.core.gpu.Gpu;
import dev.cumps.core.message.CumpsException;
import dev.cumps.core.message.Message;
import dev.cumps.core.mps.MpsLimits;
import java.time.Duration;
import java.time.ZoneId;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import javafx.beans.property.BooleanProperty;
import javafx.beans.property.ObjectProperty;
import javafx.beans.property.ReadOnlyBooleanProperty;
import javafx.beans.property.ReadOnlyStringProperty;
import javafx.beans.property.ReadOnlyStringWrapper;
import javafx.beans.property.SimpleBooleanProperty;
import javafx.beans.property.SimpleObjectProperty;
import javafx.collections.FXCollections;
import javafx.collections.ObservableList;

/**
 * The Hosts page: the user's hosts ({@link HostList}, shared with {@code cumps hosts}), each read over
 * ssh by the core's {@link Fleet} off the UI thread (in parallel, each within its deadline, so one
 * silent host never holds the others or the window), and the actions the overview has, run on the
 * selected host by its own {@code cumps}: start, stop, doctor, env block, limits (read, or set from
 * {@link #limitsForm()}). Every result comes
 * back as a row or as a line in words; nothing here decides what is safe on a host: its cumps does.
 *
 * <p>Size: the page's state and the seven actions it runs on a host, each a short method over the same selection.
 */
public final class HostsViewModel {
    /** How long one host's read may take, unless the page is built with another. */
    public static final Duration READ_DEADLINE = Duration.ofSeconds(15);
    /** How long an action on a host may take (a start waits for the daemon there). */
    public static final Duration ACTION_DEADLINE = Duration.ofSeconds(60);

    private final ConsoleContext ctx;
    private final Fleet fleet;
    private final HostList list;
    private final ZoneId zone;
    private final Duration readDeadline;
    private final ObservableList<HostRow> rows = FXCollections.observableArrayList();
    private final ObjectProperty<HostRow> selected = new SimpleObjectProperty<>();
    private final ObservableList<GpuLine> gpus = FXCollections.observableArrayList();
    private final ObservableList<DaemonLine> daemons = FXCollections.observableArrayList();
    private final ReadOnlyStringWrapper message = new ReadOnlyStringWrapper("");
    private final ReadOnlyStringWrapper detail = new ReadOnlyStringWrapper("");
    private final SimpleBooleanProperty busy = new SimpleBooleanProperty(false);
    private final SimpleBooleanProperty acting = new SimpleBooleanProperty(false);
    private final BooleanProperty showing = new SimpleBooleanProperty(false);
    private final Map<String, DoctorVerdict> verdicts = new HashMap<>();
    private final ObservableList<DoctorRow> doctorRows = FXCollections.observableArrayList();
    private final ReadOnlyStringWrapper doctorGpu = new ReadOnlyStringWrapper("");
    private final LimitsForm limitsForm;
    /** The hosts file's load and then the read of every host: a newer refresh replaces one still running. */
    private final LatestOnly reading = new LatestOnly();
    private boolean readOnce;

    public HostsViewModel(ConsoleContext ctx, Fleet fleet, HostList list, ZoneId zone) {
        this(ctx, fleet, list, zone, READ_DEADLINE);
    }

    /** The page whose reads give each host {@code readDeadline} to answer (as {@code cumps fleet status --timeout}). */
    public HostsViewModel(ConsoleContext ctx, Fleet fleet, HostList list, ZoneId zone, Duration readDeadline) {
        this.ctx = ctx;
        this.fleet = fleet;
        this.list = list;
        this.zone = zone;
        this.readDeadline = readDeadline;
        this.limitsForm = new LimitsForm(ctx.messages());
        selected.addListener((o, was, row) -> {
            if (was == null || row == null || !was.host().equals(row.host())) {
                forgetOutput(row);
            }
            showDetails(row);
        });
        showing.addListener((o, was, is) -> {
            if (is && !readOnce) {
                readOnce = true;
                refresh();
            }
        });
    }

    public ObservableList<HostRow> rows() {
        return rows;
    }

    public ObjectProperty<HostRow> selectedProperty() {
        return selected;
    }

    /** The selected host's GPUs (empty when it has not answered). */
    public ObservableList<GpuLine> gpus() {
        return gpus;
    }

    /**
     * Another host is selected: what the page showed of the previous one (its outcome line, its output,
     * its doctor's rows) goes; a host that did not answer has its state whole in the output pane.
     */
    private void forgetOutput(HostRow row) {
        message.set("");
        doctorRows.clear();
        doctorGpu.set("");
        boolean failed = row != null && row.report().isPresent() && row.report().get().summary().isEmpty();
        detail.set(failed ? messages().get("hosts.state.whole", row.host(), row.state()) : "");
    }

    /** The rows of the last doctor run on the selected host, for the same evidence table as the local doctor. */
    public ObservableList<DoctorRow> doctorRows() {
        return doctorRows;
    }

    /** The GPU(s) the last doctor run on the selected host diagnosed, in words; empty before one. */
    public ReadOnlyStringProperty doctorGpuProperty() {
        return doctorGpu.getReadOnlyProperty();
    }

    /** The selected host's daemons (empty when it has not answered). */
    public ObservableList<DaemonLine> daemons() {
        return daemons;
    }

    private void showDetails(HostRow row) {
        Optional<HostSummary> summary = row == null ? Optional.empty() : row.report().flatMap(HostReport::summary);
        gpus.setAll(summary.map(s -> s.gpus().stream().map(g -> new GpuLine(Long.toString(g.index()), g.name(),
                // In words, as the Overview's GPU table shows it (review L-15: "Exclusive_Process" untranslated).
                messages().render(Gpu.computeModeMessage(g.computeMode())),
                g.uuid())).toList()).orElse(List.of()));
        daemons.setAll(summary.map(s -> s.daemons().stream().map(d -> new DaemonLine(d.name(), recordState(d.state()),
                recordLook(d.state()), Long.toString(d.pid()), String.join(",", d.gpuUuids()))).toList()).orElse(List.of()));
    }

    /** A host's {@code record_state} as the Overview shows it (a stale record's amber triangle); null for one this cumps does not know. */
    private static RecordLook recordLook(String state) {
        return switch (state) {
            case "live" -> RecordLook.LIVE;
            case "stale" -> RecordLook.STALE;
            case "unreadable" -> RecordLook.UNREADABLE;
            default -> null;
        };
    }

    /** A host's {@code record_state} in words; one this cumps does not know stays as the host wrote it. */
    private String recordState(String state) {
        return switch (state) {
            case "live" -> messages().get("hosts.record.live");
            case "stale" -> messages().get("hosts.record.stale");
            case "unreadable" -> messages().get("hosts.record.unreadable");
            default -> state;
        };
    }

    /** The last outcome in words (an added host, a refused name, a stopped daemon, a failure). */
    public ReadOnlyStringProperty messageProperty() {
        return message.getReadOnlyProperty();
    }

    /** What the last doctor, env or limits read on the selected host printed. */
    public ReadOnlyStringProperty detailProperty() {
        return detail.getReadOnlyProperty();
    }

    /** True while hosts are read or an action runs. */
    public ReadOnlyBooleanProperty busyProperty() {
        return busy;
    }

    /** True while an action runs on a host (actions wait for it; reading hosts does not block them). */
    public ReadOnlyBooleanProperty actingProperty() {
        return acting;
    }

    /** True while the page is shown: the first showing reads the hosts. */
    public BooleanProperty showingProperty() {
        return showing;
    }

    private Messages messages() {
        return ctx.messages();
    }

    /** Reads the hosts file and then every host, off the UI thread; a newer refresh cancels one still running. */
    public void refresh() {
        busy.set(true);
        reading.start(ctx.executor().task(list::load).onSuccess(hosts -> {
            String keep = selected.get() == null ? null : selected.get().host();
            rows.setAll(hosts.stream().map(h -> HostRow.notRead(h.value(), messages())).toList());
            reselect(keep);
            if (hosts.isEmpty()) {
                busy.set(false);
                message.set(messages().get("hosts.none", list.file().toString()));
                return;
            }
            message.set(messages().get("hosts.reading", hosts.size()));
            reading.start(ctx.executor().<List<HostReport>, HostReport>task(each -> fleet.readAll(hosts, readDeadline, each::accept))
                    .onProgress(this::showOne).onSuccess(this::show).onFailure(this::failed));
        }).onFailure(this::failed));
    }

    /**
     * The whole read is over: a host whose row still says "reading…" (the read gave up on it) gets its
     * report; a row already shown keeps what it shows, which may be newer than this read (a host read
     * again after an action while another host was still hanging).
     */
    private void show(List<HostReport> reports) {
        for (HostReport r : reports) {
            boolean unread = rows.stream().anyMatch(row -> row.host().equals(r.host().value()) && row.report().isEmpty());
            if (unread) {
                showOne(r);
            }
        }
        long answered = reports.stream().filter(HostReport::answered).count();
        message.set(messages().get("hosts.read", answered, reports.size()));
        busy.set(false);
    }

    /** One host's report as soon as it is in: the others keep "reading…" until theirs is. */
    private void showOne(HostReport r) {
        for (int i = 0; i < rows.size(); i++) {
            if (rows.get(i).host().equals(r.host().value())) {
                boolean wasSelected = rows.get(i) == selected.get();
                rows.set(i, HostRow.of(r, Optional.ofNullable(verdicts.get(r.host().value())), messages(), zone));
                if (wasSelected) {
                    selected.set(rows.get(i));
                }
                return;
            }
        }
    }

    private void reselect(String host) {
        rows.stream().filter(r -> r.host().equals(host)).findFirst().ifPresentOrElse(selected::set,
                () -> selected.set(rows.isEmpty() ? null : rows.get(0)));
    }

    /** Reads one host again (after an action there), leaving the others as they are. */
    private void readAgain(Destination d) {
        ctx.executor().task(() -> fleet.read(d, readDeadline)).onSuccess(this::showOne).onFailure(this::failed).start();
    }

    private void failed(Throwable t) {
        busy.set(false);
        acting.set(false);
        message.set(t instanceof CumpsException e ? messages().render(e.errorMessage()) : String.valueOf(t.getMessage()));
    }

    /** Why {@code typed} cannot be added, in words, or empty; for validating as the user types. */
    public Optional<String> problem(String typed) {
        return Destination.problem(typed.strip()).map(messages()::render);
    }

    /** Adds a host (refused locally when it is not a valid destination) and reads the hosts again. */
    public void add(String typed) {
        Optional<Message> problem = Destination.problem(typed.strip());
        if (problem.isPresent()) {
            message.set(messages().render(problem.get()));
            return;
        }
        Destination d = Destination.of(typed.strip());
        ctx.executor().task(() -> list.add(d)).onSuccess(hosts -> {
            ctx.activity().record(messages().get("hosts.activity.add", d.value()), true, "");
            refresh();
        }).onFailure(this::failed).start();
    }

    /** Removes the selected host. */
    public void removeSelected() {
        HostRow row = selected.get();
        if (row == null) {
            return;
        }
        Destination d = Destination.of(row.host());
        ctx.executor().task(() -> list.remove(d)).onSuccess(hosts -> {
            verdicts.remove(d.value());
            ctx.activity().record(messages().get("hosts.activity.remove", d.value()), true, "");
            refresh();
        }).onFailure(this::failed).start();
    }

    /** Starts a daemon on the selected host on the GPU {@code selector} (an index or UUID there). */
    public void start(String selector) {
        start(selector, "");
    }

    /**
     * Starts a daemon named {@code name} (blank: the host's cumps names it {@code gpu-<uuid>}) on the selected
     * host on the GPU {@code selector}; a name the record rules refuse is refused here, before anything runs.
     */
    public void start(String selector, String name) {
        RemoteCommand command;
        try {
            command = RemoteCommand.start(selector, name.strip());
        } catch (CumpsException e) {
            message.set(messages().render(e.errorMessage()));
            return;
        }
        remote(command, "hosts.action.start", true);
    }

    /** Stops {@code name} on the selected host (the caller has asked the user first). */
    public void stop(String name) {
        remote(RemoteCommand.stop(name), "hosts.action.stop", true);
    }

    /** Shows the env block of {@code name} on the selected host. */
    public void env(String name) {
        remote(RemoteCommand.env(name), "hosts.action.env", false);
    }

    /** Shows the limits of {@code name} on the selected host. */
    public void limits(String name) {
        remote(RemoteCommand.limits(name, MpsLimits.NONE, false), "hosts.action.limits", false);
    }

    /** The fields of new limits for a daemon on the selected host, checked as they are typed by the local rules. */
    public LimitsForm limitsForm() {
        return limitsForm;
    }

    /**
     * Sets the form's limits on {@code name} on the selected host (the caller has asked the user first):
     * {@code cumps limits --name N --json --set-…} there, with the values checked here and sent as digits
     * and a size; the host's cumps verifies the daemon again and records them. Does nothing while the form
     * is invalid.
     */
    public void setLimits(String name) {
        if (limitsForm.invalidBinding().get()) {
            return;
        }
        RemoteCommand command = RemoteCommand.limits(name, limitsForm.limits(), false);
        limitsForm.clear();
        remote(command, "hosts.action.setLimits", true);
    }

    /**
     * Runs the doctor on the selected host for the GPU {@code gpu} there (its index), or, with none given,
     * for each GPU the host reported, one run after the other (without {@code --gpus} a host with several
     * GPUs fails its topology check and skips the daemon's checks). The rows go to {@link #doctorRows()},
     * the GPUs in words to {@link #doctorGpuProperty()}, unless another host was selected meanwhile; the verdict
     * joins the host's row either way.
     */
    public void doctor(Optional<String> gpu) {
        HostRow row = selected.get();
        if (row == null) {
            return;
        }
        Destination d = Destination.of(row.host());
        List<GpuLine> all = List.copyOf(gpus);
        List<GpuLine> chosen = gpu.map(index -> all.stream().filter(g -> g.index().equals(index)).toList()).orElse(all);
        List<String> selectors = chosen.isEmpty() ? gpu.map(List::of).orElse(List.of("0")) : chosen.stream().map(GpuLine::index).toList();
        acting.set(true);
        doctorRows.clear();
        doctorGpu.set("");
        detail.set("");
        message.set(messages().get("hosts.running", messages().get("hosts.action.doctor"), d.value()));
        ctx.executor().task(() -> doctorRuns(d, selectors)).onSuccess(runs -> {
            acting.set(false);
            boolean here = isSelected(d);
            if (!runs.failure().isEmpty()) {
                if (here) {
                    message.set(runs.failure());
                }
                ctx.activity().record(messages().get("hosts.action.doctor") + " · " + d.value(), false, runs.failure());
                return;
            }
            if (here) {
                List<Long> indexes = selectors.stream().map(Long::parseLong).toList();
                doctorRows.setAll(HostDoctorRows.of(runs.documents(), indexes, messages()));
                List<String> uuids = all.stream().map(GpuLine::uuid).toList();
                doctorGpu.set(GpuWords.diagnosed(chosen.stream().map(g -> GpuWords.named(Long.parseLong(g.index()), g.name(), g.uuid(),
                        uuids, messages())).toList(), messages()));
                message.set(messages().get("hosts.doctor.done", d.value()));
            }
            DoctorVerdict verdict = new DoctorVerdict(runs.documents().stream().mapToLong(r -> r.count("fail")).sum(),
                    runs.documents().stream().mapToLong(r -> r.count("warn")).sum(),
                    runs.documents().stream().mapToLong(r -> r.count("pass")).sum());
            verdicts.put(d.value(), verdict);
            ctx.activity().record(messages().get("hosts.action.doctor") + " · " + d.value(), verdict.healthy(), "");
            // The verdict joins its host's row; the selection stays on whichever host the user has selected now.
            String keep = selected.get() == null ? null : selected.get().host();
            rows.replaceAll(r -> r.host().equals(d.value()) && r.report().isPresent()
                    ? HostRow.of(r.report().get(), Optional.of(verdict), messages(), zone) : r);
            if (keep != null) {
                reselect(keep);
            }
        }).onFailure(this::failed).start();
    }

    /** Whether {@code d} is the host selected now (a result that arrives after another was selected is not shown under it). */
    private boolean isSelected(Destination d) {
        return selected.get() != null && selected.get().host().equals(d.value());
    }

    /** The host's doctor runs, or the first failure in words (the host did not answer, or printed no doctor's JSON). */
    private record DoctorRuns(List<DoctorDocument> documents, String failure) {
    }

    /** Off the UI thread: one doctor run per selector, in turn; stops at the first that fails. */
    private DoctorRuns doctorRuns(Destination d, List<String> selectors) {
        List<DoctorDocument> documents = new ArrayList<>();
        for (String selector : selectors) {
            RemoteRun run = fleet.run(d, RemoteCommand.doctor(selector), ACTION_DEADLINE);
            Optional<DoctorDocument> document = run.state().answered() ? DoctorDocument.read(run.stdout()) : Optional.empty();
            if (document.isEmpty()) {
                return new DoctorRuns(List.of(), messages().render(run.failureMessage()));
            }
            documents.add(document.get());
        }
        return new DoctorRuns(documents, "");
    }

    /**
     * Runs {@code command} on the selected host. What the host's cumps printed (its own text: an env block exactly as
     * {@code cumps env} prints it there, limits, a start or stop line) becomes the output, and the outcome line says how
     * it ended, unless another host was selected meanwhile (the result is not shown under that host). The end is in
     * Activity; one that changed the host ({@code change}: start, stop, set limits) also reaches the window's status
     * line, as the local pages' changes do; the host is read again after it.
     */
    private void remote(RemoteCommand command, String actionKey, boolean change) {
        HostRow row = selected.get();
        if (row == null) {
            return;
        }
        Destination d = Destination.of(row.host());
        String action = messages().get(actionKey);
        acting.set(true);
        message.set(messages().get("hosts.running", action, d.value()));
        ctx.executor().task(() -> fleet.run(d, command, ACTION_DEADLINE)).onSuccess(run -> {
            acting.set(false);
            boolean here = isSelected(d);
            String outcome = run.succeeded() ? messages().get("hosts.done", action, d.value()) : messages().render(run.failureMessage());
            if (here) {
                message.set(outcome);
                if (run.succeeded()) {
                    doctorRows.clear();
                    doctorGpu.set("");
                    detail.set(run.stdout());
                }
            }
            if (change) {
                ctx.activity().recordChange(action + " · " + d.value(), run.succeeded(), outcome);
                readAgain(d);
            } else {
                ctx.activity().record(action + " · " + d.value(), run.succeeded(), run.succeeded() ? "" : outcome);
            }
        }).onFailure(this::failed).start();
    }

    /** Copies the output shown (an env block byte for byte as the host's {@code cumps env} printed it) to the clipboard. */
    public void copyOutput() {
        String text = detail.get();
        if (text.isEmpty()) {
            return;
        }
        ctx.clipboard().putText(text);
        HostRow row = selected.get();
        String what = messages().get("hosts.activity.copy", row == null ? "" : row.host());
        message.set(messages().get("hosts.copied"));
        ctx.activity().record(what, true, "");
    }
}
