package dev.cumps.app.main;

import dev.cumps.app.context.ConsoleContext;
import dev.cumps.app.i18n.Messages;
import dev.cumps.app.ui.UiTask;
import dev.cumps.app.ui.style.Severity;
import dev.cumps.core.lifecycle.DaemonStopper;
import dev.cumps.core.lifecycle.StopOutcome;
import java.nio.file.Path;
import java.util.List;
import java.util.Objects;
import java.util.Optional;
import javafx.beans.property.ReadOnlyBooleanProperty;
import javafx.beans.property.ReadOnlyBooleanWrapper;
import javafx.beans.property.ReadOnlyLongProperty;
import javafx.beans.property.ReadOnlyLongWrapper;
import javafx.beans.property.ReadOnlyObjectProperty;
import javafx.beans.property.ReadOnlyObjectWrapper;

/**
 * The main window's commands on records (stop, stop all, remove a record) and what they leave on
 * screen: the busy flag that disables the buttons, and the one-line notice. Each runs the core's
 * call on a worker, records it in the activity log, and asks for a refresh when done.
 */
final class DaemonActions {

    private final ConsoleContext ctx;
    private final DaemonStopper stopper;
    private final Messages messages;
    private final Runnable refresh;
    private final ReadOnlyLongWrapper finished = new ReadOnlyLongWrapper(this, "finished");
    private final ReadOnlyBooleanWrapper busy = new ReadOnlyBooleanWrapper(this, "busy");
    private final ReadOnlyObjectWrapper<Notice> notice = new ReadOnlyObjectWrapper<>(this, "notice");

    DaemonActions(ConsoleContext ctx, DaemonStopper stopper, Runnable refresh) {
        this.ctx = Objects.requireNonNull(ctx, "ctx");
        this.stopper = Objects.requireNonNull(stopper, "stopper");
        this.messages = ctx.messages();
        Runnable refreshAfter = Objects.requireNonNull(refresh, "refresh");
        // Every action ends in this refresh; counting them tells the doctor pane the window changed the host.
        this.refresh = () -> {
            finished.set(finished.get() + 1);
            refreshAfter.run();
        };
    }

    /**
     * The core's stop --all, started: live daemons stopped, stale records cleaned; the task's value is one
     * line per record (it fails when the core's call threw, after the notice says so).
     */
    UiTask<List<StopAllLine>, Void> stopAll() {
        String action = messages.get("stop.all.action");
        busy.set(true);
        notice.set(new Notice(Severity.SKIP, messages.get("stop.all.running")));
        UiTask<List<StopOutcome>, Void> stopped = ctx.executor().task(() -> stopper.stopAll())
                .onFailure(error -> failed(action, error));
        UiTask<List<StopAllLine>, Void> lines = stopped.map(outcomes -> stoppedAll(action, outcomes));
        stopped.start();
        return lines;
    }

    private List<StopAllLine> stoppedAll(String action, List<StopOutcome> outcomes) {
        busy.set(false);
        long stopped = outcomes.stream().filter(StopOutcome::stopped).count();
        boolean failed = outcomes.stream().anyMatch(o -> o.result() == StopOutcome.Result.FAILED);
        for (StopOutcome o : outcomes) {
            ctx.activity().record(action + " — " + o.name(), StopViewModel.severity(o.result()),
                    StopViewModel.outcomeText(o, messages));
        }
        notice.set(new Notice(failed ? Severity.FAIL : Severity.PASS,
                messages.get("stop.all.done", stopped, outcomes.size() - stopped)));
        refresh.run();
        // A stopped, stale or unreadable record's sentence names it; a failure's reason need not (review L-12:
        // not "demo: stopped — stopped daemon 'demo'").
        return outcomes.stream().map(o -> new StopAllLine(StopViewModel.severity(o.result()),
                o.result() == StopOutcome.Result.FAILED
                        ? messages.get("stop.all.line", o.name(), StopViewModel.outcomeText(o, messages))
                        : StopViewModel.outcomeText(o, messages))).toList();
    }

    /**
     * Stops the daemon of a confirmed {@link StopViewModel}, started; the outcome becomes the notice. The
     * task's value is that notice when the outcome was other than stopped (stale, unreadable, failed), for
     * a dialog to show; empty when stopped.
     */
    UiTask<Optional<Notice>, Void> stop(StopViewModel confirmed) {
        busy.set(true);
        notice.set(new Notice(Severity.SKIP, messages.get("stop.running", confirmed.evidence().name())));
        UiTask<StopOutcome, Void> stop = confirmed.stop();
        stop.onFailure(error -> failed(confirmed.action(), error));
        return stop.map(outcome -> {
            busy.set(false);
            Notice shown = confirmed.notice(outcome);
            notice.set(shown);
            refresh.run();
            return outcome.result() == StopOutcome.Result.STOPPED ? Optional.empty() : Optional.of(shown);
        });
    }

    /** Moves the stale or unreadable record {@code name} aside (the core refuses a live one), started; its value is where the record went. */
    UiTask<Path, Void> remove(String name) {
        String action = messages.get("remove.action", name);
        busy.set(true);
        return ctx.executor().task(() -> stopper.removeRecord(name)).onSuccess(moved -> {
            busy.set(false);
            String text = messages.get("remove.done", name, moved);
            ctx.activity().record(action, true, text);
            notice.set(new Notice(Severity.PASS, text));
            refresh.run();
        }).onFailure(error -> failed(action, error)).start();
    }

    private void failed(String action, Throwable error) {
        busy.set(false);
        actionFailed(action, error);
    }

    /** Records a failed action and shows its one-line message (a core failure in the window's language). */
    void actionFailed(String action, Throwable error) {
        String message = messages.errorText(error).orElse(error.getClass().getSimpleName());
        ctx.activity().record(action, false, message);
        notice.set(new Notice(Severity.FAIL, messages.get("main.action.failed", action, message)));
        refresh.run();
    }

    /** How many actions (stop, stop all, remove, and the starts and stops reported through {@link #showNotice}) have ended. */
    ReadOnlyLongProperty finishedProperty() {
        return finished.getReadOnlyProperty();
    }

    void showNotice(Notice value) {
        finished.set(finished.get() + 1);
        notice.set(value);
    }

    ReadOnlyBooleanProperty busyProperty() {
        return busy.getReadOnlyProperty();
    }

    ReadOnlyObjectProperty<Notice> noticeProperty() {
        return notice.getReadOnlyProperty();
    }
}
