package dev.cumps.app.doctor;

import dev.cumps.app.context.ConsoleContext;
import dev.cumps.app.i18n.Messages;
import dev.cumps.app.ui.LatestOnly;
import dev.cumps.app.ui.UiTask;
import dev.cumps.app.ui.error.ErrorReport;
import dev.cumps.app.ui.style.Severity;
import dev.cumps.core.doctor.CheckResult;
import dev.cumps.core.doctor.CheckStatus;
import dev.cumps.core.doctor.Doctor;
import dev.cumps.core.doctor.DoctorReport;
import dev.cumps.core.fix.FixService;
import dev.cumps.core.record.ManagedDaemon;
import dev.cumps.core.status.HostStatus;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Objects;
import java.util.Optional;
import javafx.beans.binding.Bindings;
import javafx.beans.binding.BooleanBinding;
import javafx.beans.property.ReadOnlyBooleanProperty;
import javafx.beans.property.ReadOnlyBooleanWrapper;
import javafx.beans.property.ReadOnlyObjectProperty;
import javafx.beans.property.ReadOnlyObjectWrapper;
import javafx.beans.property.ReadOnlyStringProperty;
import javafx.beans.property.ReadOnlyStringWrapper;
import javafx.beans.property.SimpleStringProperty;
import javafx.beans.property.StringProperty;
import javafx.beans.value.ObservableValue;
import javafx.collections.FXCollections;
import javafx.collections.ObservableList;

/**
 * State of the doctor pane: the selector, one list of rows ({@link DoctorRow}: each check's result
 * as it arrives, its texts and its fix state; the table shows a sorted view of it, and its selection
 * holds the row), the verdict, and the finished report for Copy and Export. The checks come from the
 * same core doctor as {@code cumps doctor} ({@code Doctor.diagnose}: with a blank selector and several
 * visible GPUs, each GPU); nothing here judges them.
 *
 * <p>A run is a {@link UiTask} whose progress is each check the core hands over on the worker, so rows
 * appear in order on the UI thread while the run goes on (and at once, on the calling thread, in tests).
 * Runs start through one {@link LatestOnly}: cancelling interrupts the worker, and nothing of a cancelled
 * run appears after.
 *
 * <p>Size: the run, its cancellation, and the forwards to selection, fixes and sharing that the page binds to.
 */
public final class DoctorViewModel {

    private final ConsoleContext ctx;
    private final Doctor doctor;
    private final Messages messages;
    private final Path exportDirectory;
    private final DoctorFixes fixes;
    private final DoctorFreshness freshness = new DoctorFreshness();
    private final ReadOnlyStringWrapper diagnosed = new ReadOnlyStringWrapper(this, "diagnosed", "");
    private final DoctorSharing sharing;
    private ObservableValue<HostStatus> hostStatus;

    private final StringProperty selector = new SimpleStringProperty(this, "selector", "");
    private final ObservableList<DoctorRow> rows = FXCollections.observableArrayList();
    private final ObservableList<DoctorRow> readOnlyRows = FXCollections.unmodifiableObservableList(rows);
    private final ReadOnlyBooleanWrapper running = new ReadOnlyBooleanWrapper(this, "running", false);
    private final ReadOnlyObjectWrapper<DoctorReport> report = new ReadOnlyObjectWrapper<>(this, "report");
    private final ReadOnlyStringWrapper verdict = new ReadOnlyStringWrapper(this, "verdict");
    private final ReadOnlyObjectWrapper<Severity> verdictSeverity = new ReadOnlyObjectWrapper<>(this, "verdictSeverity");
    private final BooleanBinding reportAbsent = Bindings.isNull(report);

    private final LatestOnly runs = new LatestOnly();
    private String runLabel = "";

    /**
     * @param exportDirectory where Export's save dialog opens (the user's home, never the working directory)
     */
    public DoctorViewModel(ConsoleContext ctx, Doctor doctor, FixService fixService, Path exportDirectory) {
        this.ctx = Objects.requireNonNull(ctx, "ctx");
        this.doctor = Objects.requireNonNull(doctor, "doctor");
        this.messages = ctx.messages();
        this.exportDirectory = Objects.requireNonNull(exportDirectory, "exportDirectory");
        this.fixes = new DoctorFixes(ctx, fixService, this::run);
        this.sharing = new DoctorSharing(ctx);
        verdict.set(messages.get("doctor.verdict.none"));
    }

    /**
     * Marks the result out of date when a later status refresh of the window differs from the run,
     * and runs the doctor again (when it has run before) after each action of the window ends.
     */
    public void followHost(ObservableValue<HostStatus> status, ObservableValue<? extends Number> actionsFinished) {
        freshness.follow(report, status);
        hostStatus = status;
        actionsFinished.addListener((obs, before, now) -> rerunIfRan());
    }

    private void rerunIfRan() {
        if (report.get() != null) {
            run();
        }
    }

    /** Points the selector at the GPU of the daemon selected in the main window, unless the user typed their own. */
    public void followSelection(ObservableValue<ManagedDaemon> selection) {
        DoctorSelection.follow(selector, selection);
    }

    /**
     * Runs the doctor for the selector. Blank: the core's default (the only visible GPU), or, when
     * several GPUs are visible, each of them in turn ({@code Doctor.diagnose}). Ignored while a run is going.
     */
    public void run() {
        if (running.get()) {
            return;
        }
        sharing.say(""); // "Copied" and "Saved …" were about the report this run replaces
        rows.clear();
        report.set(null);
        verdictSeverity.set(null);
        diagnosed.set("");
        running.set(true);
        Optional<String> sel = Optional.ofNullable(selector.get()).map(String::strip).filter(s -> !s.isEmpty());
        runLabel = messages.get("doctor.activity.run", sel.orElseGet(() -> messages.get(severalVisible() ? "doctor.selector.each"
                : "doctor.selector.default")));
        verdict.set(messages.get("doctor.verdict.running", 0));
        UiTask<DoctorReport, CheckResult> task = ctx.executor().task(progress -> doctor.diagnose(sel, progress::accept));
        runs.start(task.onProgress(this::arrived).onSuccess(this::finished).onFailure(this::failed));
    }

    /** Whether the window's last status saw several visible GPUs (a blank selector then diagnoses each: the activity log says so). */
    private boolean severalVisible() {
        HostStatus status = hostStatus == null ? null : hostStatus.getValue();
        return status != null && status.gpus().stream().filter(HostStatus.GpuRow::visible).count() > 1;
    }

    /** Stops the running diagnosis: the worker is interrupted and no further row appears. */
    public void cancel() {
        if (!running.get()) {
            return;
        }
        runs.cancel();
        running.set(false);
        verdictSeverity.set(Severity.WARN);
        String outcome = messages.get("doctor.verdict.cancelled", rows.size());
        verdict.set(outcome);
        ctx.activity().record(runLabel, false, outcome);
    }

    /** Puts the report as Markdown, in the window's language, on the clipboard. */
    public void copy() {
        if (report.get() != null) {
            sharing.copy(report.get());
        }
    }

    /**
     * Writes the report to {@code file}, off the UI thread: JSON exactly as {@code cumps doctor --json}
     * prints it when the name ends in {@code .json}, Markdown in the window's language otherwise. The outcome goes to the
     * activity log (and, on failure, to the verdict line).
     */
    public void export(Path file) {
        if (report.get() != null) {
            sharing.export(report.get(), file, verdict::set);
        }
    }

    private void arrived(CheckResult check) {
        rows.add(DoctorRow.of(check, messages));
        verdict.set(messages.get("doctor.verdict.running", rows.size()));
    }

    private void finished(DoctorReport result) {
        if (!rows.stream().map(r -> r.result().orElseThrow()).toList().equals(result.checks())) {
            rows.setAll(result.checks().stream().map(c -> DoctorRow.of(c, messages)).toList());
        }
        running.set(false);
        report.set(result);
        fixes.ranAgain();
        String text = messages.get(result.valid() ? "doctor.verdict.valid" : "doctor.verdict.invalid",
                result.count(CheckStatus.PASS), result.count(CheckStatus.WARN),
                result.count(CheckStatus.FAIL), result.count(CheckStatus.SKIP));
        verdict.set(text);
        verdictSeverity.set(result.valid() ? Severity.PASS : Severity.FAIL);
        diagnosed.set(diagnosedText(result));
        ctx.activity().record(runLabel, result.valid(), text);
    }

    private void failed(Throwable error) {
        running.set(false);
        String summary = ErrorReport.of(error, messages).summary();
        verdict.set(messages.get("doctor.verdict.error", summary));
        verdictSeverity.set(Severity.FAIL);
        ctx.activity().record(runLabel, false, summary);
    }

    public Messages messages() {
        return messages;
    }

    /** The Fix… button's model. */
    public DoctorFixes fixes() {
        return fixes;
    }

    /** True once the host changed after the run (the pane shows a banner). */
    public ReadOnlyBooleanProperty outOfDateProperty() {
        return freshness.outOfDateProperty();
    }

    /** What the last Fix… did (shown beside Fix…); empty before. */
    public ReadOnlyStringProperty fixOutcomeProperty() {
        return fixes.outcomeProperty();
    }

    /** "Copied" or "Saved …" after Copy report or Export report… (shown under them); cleared by a new run. */
    public ReadOnlyStringProperty feedbackProperty() {
        return sharing.feedbackProperty();
    }

    /** Where Export's save dialog opens. */
    public Path exportDirectory() {
        return exportDirectory;
    }

    public StringProperty selectorProperty() {
        return selector;
    }

    /** The rows of the current run, one per check in the order the core produced them; the table shows them failures first. */
    public ObservableList<DoctorRow> rows() {
        return readOnlyRows;
    }

    public ReadOnlyBooleanProperty runningProperty() {
        return running.getReadOnlyProperty();
    }

    /** True while there is no report to copy or export. */
    public BooleanBinding reportAbsentBinding() {
        return reportAbsent;
    }

    /** The GPU the last run diagnosed, named in words (index, name, the UUID's telling part); empty before a run. */
    public ReadOnlyStringProperty diagnosedProperty() {
        return diagnosed.getReadOnlyProperty();
    }

    private String diagnosedText(DoctorReport result) {
        List<String> uuids = new ArrayList<>();
        if (hostStatus != null && hostStatus.getValue() != null) {
            hostStatus.getValue().gpus().forEach(g -> uuids.add(g.gpu().uuid().value()));
        }
        result.plan().gpus().forEach(g -> uuids.add(g.uuid().value()));
        return GpuWords.diagnosed(result.plan().gpus().stream()
                .map(g -> GpuWords.named(g.index(), g.name(), g.uuid().value(), uuids, messages)).toList(), messages);
    }

    public ReadOnlyStringProperty verdictProperty() {
        return verdict.getReadOnlyProperty();
    }

    /** {@code PASS} for a valid report, {@code FAIL} for an invalid one or an error, {@code WARN} cancelled. */
    public ReadOnlyObjectProperty<Severity> verdictSeverityProperty() {
        return verdictSeverity.getReadOnlyProperty();
    }
}
