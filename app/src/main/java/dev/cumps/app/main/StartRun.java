package dev.cumps.app.main;

import dev.cumps.app.context.ConsoleContext;
import dev.cumps.app.i18n.Messages;
import dev.cumps.app.ui.style.Severity;
import dev.cumps.core.lifecycle.DaemonStarter;
import dev.cumps.core.lifecycle.StartCancellation;
import dev.cumps.core.lifecycle.StartCancelled;
import dev.cumps.core.lifecycle.StartRequest;
import dev.cumps.core.lifecycle.StartStage;
import dev.cumps.core.record.DaemonRecord;
import java.util.Objects;
import java.util.function.Consumer;
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
     * Runs the start of {@code request}; then exactly one of {@code started}, {@code cancelled} (the
     * core's {@link StartCancelled}: what its undo did) or {@code failed}, on the UI thread, each
     * already in the activity log as {@code action}.
     */
    void run(StartRequest request, String action, Consumer<DaemonRecord> started, Consumer<StartCancelled> cancelled,
             Consumer<Throwable> failed) {
        StartCancellation signal = new StartCancellation();
        cancellation = signal;
        running.set(true);
        cancelling.set(false);
        outcome.set("");
        stage.set(null);
        ctx.executor().submit(
                () -> starter.start(request, s -> ctx.executor().runOnUi(() -> stage.set(s)), signal),
                record -> {
                    ended();
                    ctx.activity().record(action, true, messages.get("start.done", record.name(), record.pid()));
                    started.accept(record);
                },
                error -> {
                    ended();
                    if (error instanceof StartCancelled c) {
                        // What the cancel undid; the control.log tail belongs to a failure, not to a cancel.
                        String undone = messages.get("start.cancelled", messages.windowText(c.reasonMessage()));
                        // The user's own cancel, not a failure (review L-13).
                        ctx.activity().record(action, Severity.SKIP, undone);
                        outcome.set(undone);
                        cancelled.accept(c);
                    } else {
                        ctx.activity().record(action, false, messages.errorText(error).orElse(String.valueOf(error.getMessage())));
                        stage.set(null); // the failure dialog says where it stopped
                        failed.accept(error);
                    }
                });
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
