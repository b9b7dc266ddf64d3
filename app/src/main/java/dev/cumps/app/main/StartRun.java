package dev.cumps.app.main;

import dev.cumps.app.activity.ActivityEntry;
import dev.cumps.app.context.ConsoleContext;
import dev.cumps.app.i18n.Messages;
import dev.cumps.app.ui.UiTask;
import dev.cumps.app.ui.style.Severity;
import dev.cumps.core.lifecycle.DaemonStarter;
import dev.cumps.core.lifecycle.StartCancellation;
import dev.cumps.core.lifecycle.StartCancelled;
import dev.cumps.core.lifecycle.StartRequest;
import dev.cumps.core.lifecycle.StartStage;
import dev.cumps.core.record.DaemonRecord;
import java.util.Objects;
import javafx.beans.binding.Bindings;
import javafx.beans.binding.StringBinding;
import javafx.beans.property.ReadOnlyBooleanProperty;
import javafx.beans.property.ReadOnlyBooleanWrapper;
import javafx.beans.property.ReadOnlyObjectProperty;
import javafx.beans.property.ReadOnlyObjectWrapper;
import javafx.beans.property.ReadOnlyStringWrapper;
import javafx.beans.value.ObservableStringValue;

/**
 * One start of the start dialog at a time: the core's {@code start} on a worker with a
 * {@link StartCancellation} the dialog's Cancel triggers, the stage it has reached, and the line the
 * dialog shows under the form: the stage while it runs, "Cancelling…" once cancelled, then what the
 * cancel did. A new attempt clears the previous one's line.
 */
final class StartRun {

    private final ConsoleContext ctx;
    private final DaemonStarter starter;
    private final Messages messages;
    private final ReadOnlyObjectWrapper<StartStage> stage = new ReadOnlyObjectWrapper<>(this, "stage");
    private final ReadOnlyBooleanWrapper running = new ReadOnlyBooleanWrapper(this, "running");
    private final ReadOnlyBooleanWrapper cancelling = new ReadOnlyBooleanWrapper(this, "cancelling");
    private final ReadOnlyStringWrapper outcome = new ReadOnlyStringWrapper(this, "outcome", "");
    private final StringBinding line;
    private StartCancellation cancellation = StartCancellation.none();
    private String action = "";

    StartRun(ConsoleContext ctx, DaemonStarter starter) {
        this.ctx = Objects.requireNonNull(ctx, "ctx");
        this.starter = Objects.requireNonNull(starter, "starter");
        this.messages = ctx.messages();
        line = Bindings.createStringBinding(() -> {
            if (cancelling.get()) {
                return messages.get("start.cancelling");
            }
            return outcome.get().isEmpty() ? StartTexts.stageText(stage.get(), messages) : outcome.get();
        }, stage, cancelling, outcome);
    }

    /**
     * Starts {@code request}: a task whose progress is the core's stages and whose value is what the start came
     * to (a start, the core's {@link StartCancelled} turned into what its undo did, or a failure), on the UI
     * thread, already in the activity log as {@code startAction}.
     */
    UiTask<StartOutcome, StartStage> run(StartRequest request, String startAction) {
        StartCancellation signal = new StartCancellation();
        cancellation = signal;
        action = startAction;
        running.set(true);
        cancelling.set(false);
        outcome.set("");
        stage.set(null);
        UiTask<DaemonRecord, StartStage> start = ctx.executor().task(progress -> starter.start(request, progress::accept, signal));
        UiTask<StartOutcome, StartStage> ended = start.onProgress(stage::set).map(this::started, this::stopped);
        start.start();
        return ended;
    }

    private StartOutcome started(DaemonRecord record) {
        ended();
        String done = messages.get("start.done", record.name(), record.pid());
        ActivityEntry entry = ctx.activity().record(action, true, done);
        return new StartOutcome.Started(record.name(), new Notice(Severity.PASS, done), entry);
    }

    private StartOutcome stopped(Throwable error) {
        ended();
        if (error instanceof StartCancelled c) {
            // What the cancel undid; the control.log tail belongs to a failure, not to a cancel.
            String undone = messages.get("start.cancelled", messages.windowText(c.reasonMessage()));
            // The user's own cancel, not a failure (review L-13).
            ctx.activity().record(action, Severity.SKIP, undone);
            outcome.set(undone);
            return new StartOutcome.Cancelled(new Notice(Severity.WARN, undone));
        }
        ctx.activity().record(action, false, messages.errorText(error).orElse(String.valueOf(error.getMessage())));
        stage.set(null); // the failure dialog says where it stopped
        StartProblem problem = StartTexts.problem(error, messages);
        return new StartOutcome.Failed(problem, new Notice(Severity.FAIL, messages.get("start.failed.notice", problem.message())));
    }

    private void ended() {
        running.set(false);
        cancelling.set(false);
    }

    /** Asks the running start to stop and undo itself; returns false when none runs. */
    boolean cancel() {
        if (!running.get()) {
            return false;
        }
        cancellation.cancel();
        cancelling.set(true);
        return true;
    }

    /** Forgets the last attempt's outcome line (the form changed). */
    void clearOutcome() {
        if (!running.get()) {
            outcome.set("");
            stage.set(null);
        }
    }

    ReadOnlyObjectProperty<StartStage> stageProperty() {
        return stage.getReadOnlyProperty();
    }

    ReadOnlyBooleanProperty runningProperty() {
        return running.getReadOnlyProperty();
    }

    /** The line under the form: the stage, "Cancelling…", or what the last cancel did. */
    ObservableStringValue lineProperty() {
        return line;
    }
}
