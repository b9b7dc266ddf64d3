package dev.cumps.app.main;

import dev.cumps.app.context.ConsoleContext;
import dev.cumps.app.i18n.Messages;
import dev.cumps.app.live.LimitsForm;
import dev.cumps.app.ui.UiTask;
import dev.cumps.core.gpu.GpuUuid;
import dev.cumps.core.host.HostEnvironment;
import dev.cumps.core.lifecycle.DaemonStarter;
import dev.cumps.core.lifecycle.StartRequest;
import dev.cumps.core.lifecycle.StartStage;
import dev.cumps.core.mps.MpsLimits;
import dev.cumps.core.mps.RuntimeDirs;
import dev.cumps.core.record.RecordNames;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.Set;
import java.util.stream.Stream;
import javafx.beans.binding.Bindings;
import javafx.beans.binding.BooleanBinding;
import javafx.beans.property.ObjectProperty;
import javafx.beans.property.ReadOnlyBooleanProperty;
import javafx.beans.property.ReadOnlyObjectProperty;
import javafx.beans.property.ReadOnlyStringProperty;
import javafx.beans.property.ReadOnlyStringWrapper;
import javafx.beans.property.SimpleObjectProperty;
import javafx.beans.property.SimpleStringProperty;
import javafx.beans.property.StringProperty;
import javafx.beans.value.ObservableStringValue;
import javafx.collections.FXCollections;
import javafx.collections.ObservableList;

/**
 * The start dialog: GPU choice, name, pipe and log directories, then the core's
 * {@code DaemonStarter.start} (the same call as {@code cumps start}) with its stages as progress.
 *
 * <p>Defaults come from the core ({@link RecordNames#defaultFor}, {@link RuntimeDirs}), the same
 * functions its {@code plan} uses. The name is checked as it is typed ({@link RecordNames#problemMessage});
 * the whole request is checked by the core's side-effect-free {@code preview} on a worker
 * ({@link PlanCheck}), so every refusal a start would give (a taken name, a GPU with a daemon, a
 * socket path too long) shows before Start. A running start can be cancelled ({@link StartRun}).
 * A directory left at its default is sent as "default", as {@code cumps start} without
 * {@code --pipe-dir} would. The optional MPS limits ({@link #limitsForm()}) are checked as they are typed
 * with the core's parsing, the same reasons as {@code cumps start --active-thread-percentage P
 * --pinned-mem-limit SIZE}; an empty field sets no limit.
 */
public final class StartViewModel {

    /** An entry of the GPU chooser; only single GPUs can be chosen today. */
    public record GpuChoice(Kind kind, Optional<GpuRow> gpu, String label, boolean enabled, String reason) {
        public enum Kind { SINGLE, SEVERAL, ALL }
    }

    private final ConsoleContext ctx;
    private final DaemonStarter starter;
    private final Messages messages;
    private final HostEnvironment host;

    private final ObservableList<GpuChoice> choices = FXCollections.observableArrayList();
    private final ObjectProperty<GpuChoice> gpu = new SimpleObjectProperty<>(this, "gpu");
    private final StringProperty name = new SimpleStringProperty(this, "name", "");
    private final StringProperty pipeDirectory = new SimpleStringProperty(this, "pipeDirectory", "");
    private final StringProperty logDirectory = new SimpleStringProperty(this, "logDirectory", "");
    private final ReadOnlyStringWrapper nameProblem = new ReadOnlyStringWrapper(this, "nameProblem", "");
    private final LimitsForm limits;
    private final StartRun run;
    private final PlanCheck plan;
    private final BooleanBinding startDisabled;

    private String defaultName = "";
    private String defaultPipe = "";
    private String defaultLog = "";

    /**
     * @param host        where the default pipe and log directories are derived from
     * @param visibleGpus the visible GPUs of the last refresh
     */
    public StartViewModel(ConsoleContext ctx, DaemonStarter starter, HostEnvironment host, List<GpuRow> visibleGpus) {
        this(ctx, starter, host, visibleGpus, Set.of());
    }

    /**
     * The dialog's model with the first GPU that no live daemon serves ({@code busyGpuUuids}) chosen;
     * when every GPU is taken the first, whose refusal the plan check then shows.
     */
    public StartViewModel(ConsoleContext ctx, DaemonStarter starter, HostEnvironment host, List<GpuRow> visibleGpus,
            Set<String> busyGpuUuids) {
        this(ctx, starter, host, visibleGpus, busyGpuUuids, "");
    }

    /**
     * {@link #StartViewModel(ConsoleContext, DaemonStarter, HostEnvironment, List, Set)} where {@code whyNoGpus}, the
     * host's diagnostic (empty: none), says why no GPU may be listed (a hung nvidia-smi is not "no GPU").
     */
    public StartViewModel(ConsoleContext ctx, DaemonStarter starter, HostEnvironment host, List<GpuRow> visibleGpus,
            Set<String> busyGpuUuids, String whyNoGpus) {
        this.ctx = Objects.requireNonNull(ctx, "ctx");
        this.starter = Objects.requireNonNull(starter, "starter");
        this.messages = ctx.messages();
        this.host = Objects.requireNonNull(host, "host");
        run = new StartRun(ctx, starter);
        limits = new LimitsForm(messages);
        ReadOnlyBooleanProperty running = run.runningProperty();
        choices.setAll(StartTexts.choices(visibleGpus, messages));

        plan = new PlanCheck(ctx, starter, this::request);
        ReadOnlyBooleanProperty checking = plan.checkingProperty();
        ReadOnlyStringProperty planProblem = plan.problemProperty();
        ReadOnlyStringProperty percentageProblem = limits.percentageProblemProperty();
        ReadOnlyStringProperty pinnedProblem = limits.pinnedProblemProperty();
        startDisabled = Bindings.createBooleanBinding(
                () -> running.get() || checking.get() || gpu.get() == null
                        || !nameProblem.get().isEmpty() || !planProblem.get().isEmpty()
                        || !percentageProblem.get().isEmpty() || !pinnedProblem.get().isEmpty(),
                running, checking, gpu, nameProblem, planProblem, percentageProblem, pinnedProblem);

        gpu.addListener((obs, old, chosen) -> gpuChosen(chosen));
        name.addListener((obs, old, typed) -> nameTyped(typed));
        gpu.addListener((obs, old, chosen) -> run.clearOutcome());
        pipeDirectory.addListener((obs, old, typed) -> check());
        logDirectory.addListener((obs, old, typed) -> check());
        limits.percentageProperty().addListener((obs, old, typed) -> run.clearOutcome());
        limits.pinnedProperty().addListener((obs, old, typed) -> run.clearOutcome());
        choices.stream().filter(GpuChoice::enabled)
                .filter(c -> c.gpu().map(g -> !busyGpuUuids.contains(g.uuid())).orElse(true)).findFirst()
                .or(() -> choices.stream().filter(GpuChoice::enabled).findFirst())
                .ifPresentOrElse(gpu::set, () -> plan.show(whyNoGpus.isEmpty() ? messages.get("start.gpu.noneVisible")
                        : messages.get("start.gpu.noneVisibleBecause", whyNoGpus)));
    }

    /** Chooses {@code choice}; a disabled entry (several GPUs, all) is refused. */
    public boolean choose(GpuChoice choice) {
        if (choice == null || !choice.enabled()) {
            return false;
        }
        gpu.set(choice);
        return true;
    }

    private void gpuChosen(GpuChoice chosen) {
        if (chosen == null || chosen.gpu().isEmpty()) {
            return;
        }
        String newDefault = RecordNames.defaultFor(GpuUuid.parse(chosen.gpu().get().uuid()));
        if (name.get().isEmpty() || name.get().equals(defaultName)) {
            defaultName = newDefault;
            name.set(newDefault); // follows to the directories and the check
        } else {
            defaultName = newDefault;
            check();
        }
    }

    private void nameTyped(String typed) {
        run.clearOutcome();
        nameProblem.set(StartTexts.nameProblem(typed, messages));
        if (nameProblem.get().isEmpty()) {
            String pipe = RuntimeDirs.defaultPipeDirectory(host, typed).toString();
            String log = RuntimeDirs.defaultLogDirectory(host, typed).toString();
            boolean pipeUntouched = pipeDirectory.get().isEmpty() || pipeDirectory.get().equals(defaultPipe);
            boolean logUntouched = logDirectory.get().isEmpty() || logDirectory.get().equals(defaultLog);
            defaultPipe = pipe;
            defaultLog = log;
            if (pipeUntouched) {
                pipeDirectory.set(pipe);
            }
            if (logUntouched) {
                logDirectory.set(log);
            }
        }
        check();
    }

    /** What Start would ask the core for. */
    public StartRequest request() {
        Optional<String> selector = Optional.ofNullable(gpu.get()).flatMap(GpuChoice::gpu).map(GpuRow::uuid);
        return new StartRequest(selector, Optional.of(name.get()), directory(pipeDirectory.get(), defaultPipe),
                directory(logDirectory.get(), defaultLog), Map.of(), requestedLimits());
    }

    /** The typed limits; none while a field is wrong (Start is then disabled, and the plan check needs no limits). */
    private MpsLimits requestedLimits() {
        boolean wrong = !limits.percentageProblemProperty().get().isEmpty() || !limits.pinnedProblemProperty().get().isEmpty();
        return wrong ? MpsLimits.NONE : limits.limits();
    }

    private static Optional<Path> directory(String text, String defaultValue) {
        String t = text.strip();
        return t.isEmpty() || t.equals(defaultValue) ? Optional.empty() : Optional.of(Path.of(t));
    }

    /** Checks the whole request with the core's {@code plan}, once the name and the GPU are acceptable. */
    private void check() {
        Optional<String> relative = Stream.of(pipeDirectory.get(), logDirectory.get()).map(String::strip)
                .filter(t -> !t.isEmpty() && !t.startsWith("/")).findFirst();
        if (!nameProblem.get().isEmpty() || gpu.get() == null) {
            plan.show("");
        } else if (relative.isPresent()) {
            // A relative folder would be resolved against the folder the console happened to start in.
            plan.show(messages.get("start.dir.relative", relative.get()));
        } else {
            plan.check();
        }
    }

    /**
     * Start pressed in the dialog: starts the daemon on a worker and returns the task of what it came to
     * ({@link StartOutcome}: started, cancelled, or failed with the control log tail), on the UI thread and
     * already recorded in the activity log. Stages arrive as {@link #stageProperty()} (and as the task's progress).
     * Empty, and nothing starts, while Start is disabled.
     */
    public Optional<UiTask<StartOutcome, StartStage>> confirm() {
        if (startDisabled.get()) {
            return Optional.empty();
        }
        return Optional.of(run.run(request(), messages.get("start.action", name.get())));
    }

    /** Cancel pressed: a running start is asked to stop and undo itself (true); otherwise false, and the dialog closes. */
    public boolean cancel() {
        return run.cancel();
    }

    public ObservableList<GpuChoice> choices() {
        return choices;
    }

    public ObjectProperty<GpuChoice> gpuProperty() {
        return gpu;
    }

    public StringProperty nameProperty() {
        return name;
    }

    public StringProperty pipeDirectoryProperty() {
        return pipeDirectory;
    }

    public StringProperty logDirectoryProperty() {
        return logDirectory;
    }

    /**
     * The optional limit fields ({@code --active-thread-percentage}, {@code --pinned-mem-limit}), each with its
     * problem in the window's language; both empty is fine here (no limit), unlike on the Limits page.
     */
    public LimitsForm limitsForm() {
        return limits;
    }

    public ReadOnlyStringProperty nameProblemProperty() {
        return nameProblem.getReadOnlyProperty();
    }

    public ReadOnlyStringProperty planProblemProperty() {
        return plan.problemProperty();
    }

    /** What a start would also do (move a stale record aside), from the core's preview; empty when nothing. */
    public ReadOnlyStringProperty planNoteProperty() {
        return plan.noteProperty();
    }

    public ReadOnlyObjectProperty<StartStage> stageProperty() {
        return run.stageProperty();
    }

    /** The progress line: the current stage, "Cancelling…", or what the last cancel did; empty before the first. */
    public ObservableStringValue stageTextProperty() {
        return run.lineProperty();
    }

    public ReadOnlyBooleanProperty runningProperty() {
        return run.runningProperty();
    }

    public BooleanBinding startDisabledBinding() {
        return startDisabled;
    }
}
