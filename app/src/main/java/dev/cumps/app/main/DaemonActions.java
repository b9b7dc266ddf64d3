package dev.cumps.app.main;

import dev.cumps.app.context.ConsoleContext;
import dev.cumps.app.i18n.Messages;
import dev.cumps.app.ui.style.Severity;
import dev.cumps.core.lifecycle.DaemonStopper;
import dev.cumps.core.lifecycle.StopOutcome;
import java.util.List;
import java.util.Objects;
import java.util.function.Consumer;
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

    /** The core's stop --all: live daemons stopped, stale records cleaned; one line per record to {@code done}. */
    void stopAll(Consumer<List<StopAllLine>> done) {
        String action = messages.get("stop.all.action");
        busy.set(true);
        notice.set(new Notice(Severity.SKIP, messages.get("stop.all.running")));
        ctx.executor().submit(() -> stopper.stopAll(), outcomes -> {
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
            done.accept(outcomes.stream().map(o -> new StopAllLine(StopViewModel.severity(o.result()),
                    o.result() == StopOutcome.Result.FAILED
                            ? messages.get("stop.all.line", o.name(), StopViewModel.outcomeText(o, messages))
                            : StopViewModel.outcomeText(o, messages))).toList());
        }, error -> {
            busy.set(false);
            actionFailed(action, error);
        });
    }

    /**
     * Stops the daemon of a confirmed {@link StopViewModel}; the outcome becomes the notice, and an
     * outcome other than stopped (stale, unreadable, failed) also goes to {@code notStopped}.
     */
    void stop(StopViewModel confirmed, Consumer<Notice> notStopped) {
        busy.set(true);
        notice.set(new Notice(Severity.SKIP, messages.get("stop.running", confirmed.evidence().name())));
        confirmed.stop(outcome -> {
            busy.set(false);
            Notice shown = confirmed.notice(outcome);
            notice.set(shown);
            refresh.run();
            if (outcome.result() != StopOutcome.Result.STOPPED) {
                notStopped.accept(shown);
            }
        }, error -> {
            busy.set(false);
            actionFailed(confirmed.action(), error);
        });
    }

    /** Moves the stale or unreadable record {@code name} aside (the core refuses a live one). */
    void remove(String name) {
        String action = messages.get("remove.action", name);
        busy.set(true);
        ctx.executor().submit(() -> stopper.removeRecord(name), moved -> {
            busy.set(false);
            String text = messages.get("remove.done", name, moved);
            ctx.activity().record(action, true, text);
            notice.set(new Notice(Severity.PASS, text));
            refresh.run();
        }, error -> {
            busy.set(false);
            actionFailed(action, error);
        });
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
