package dev.cumps.app.main;

import dev.cumps.app.context.ConsoleContext;
import dev.cumps.app.ui.Debounce;
import dev.cumps.app.ui.LatestOnly;
import dev.cumps.core.lifecycle.DaemonStarter;
import dev.cumps.core.lifecycle.StartRequest;
import java.time.Duration;
import java.util.Objects;
import java.util.function.Supplier;
import javafx.beans.property.ReadOnlyBooleanProperty;
import javafx.beans.property.ReadOnlyBooleanWrapper;
import javafx.beans.property.ReadOnlyStringProperty;
import javafx.beans.property.ReadOnlyStringWrapper;

/**
 * The start dialog's live check of the whole request: the core's side-effect-free
 * {@code preview} on a worker, so that every refusal a start would give (a name a live daemon has, a
 * GPU that already has a daemon, a socket path too long, equal directories) shows before Start, and
 * what it would only note (a stale record it moves aside) shows as a warning. Debounced: the core
 * is asked once typing has paused for {@link #DEBOUNCE} (a {@link Debounce} on the UI executor's timer);
 * a newer check, or a problem shown without asking, cancels the one under way ({@link LatestOnly}).
 */
final class PlanCheck {

    /** How long typing must pause before the core is asked. */
    static final Duration DEBOUNCE = Duration.ofMillis(150);

    private final ConsoleContext ctx;
    private final DaemonStarter starter;
    private final Supplier<StartRequest> request;
    private final ReadOnlyStringWrapper problem = new ReadOnlyStringWrapper(this, "problem", "");
    private final ReadOnlyStringWrapper note = new ReadOnlyStringWrapper(this, "note", "");
    private final ReadOnlyBooleanWrapper checking = new ReadOnlyBooleanWrapper(this, "checking");
    private final LatestOnly latest = new LatestOnly();
    private final Debounce debounce;

    /** @param request what Start would ask the core for now */
    PlanCheck(ConsoleContext ctx, DaemonStarter starter, Supplier<StartRequest> request) {
        this.ctx = Objects.requireNonNull(ctx, "ctx");
        this.starter = Objects.requireNonNull(starter, "starter");
        this.request = Objects.requireNonNull(request, "request");
        this.debounce = new Debounce(ctx.executor(), DEBOUNCE);
    }

    /** Asks the core's {@code preview} whether the request would be accepted, once typing pauses. */
    void check() {
        latest.cancel();
        checking.set(true);
        StartRequest asked = request.get();
        debounce.run(() -> latest.start(ctx.executor().task(() -> starter.preview(asked))
                .onSuccess(preview -> checked(preview.refusal().map(ctx.messages()::windowText).orElse(""),
                        preview.note().map(ctx.messages()::windowText).orElse("")))
                .onFailure(error -> checked(ctx.messages().errorText(error).orElse(error.toString()), ""))));
    }

    private void checked(String foundProblem, String foundNote) {
        checking.set(false);
        problem.set(foundProblem);
        note.set(foundNote);
    }

    /** Shows {@code text} as the problem without asking the core (empty: none); a check under way is dropped. */
    void show(String text) {
        latest.cancel();
        debounce.cancel();
        checking.set(false);
        problem.set(text);
        note.set("");
    }

    /** Why the core would refuse the request; empty when it would accept it. */
    ReadOnlyStringProperty problemProperty() {
        return problem.getReadOnlyProperty();
    }

    /** What the start would do besides (move a stale record aside); empty when nothing. */
    ReadOnlyStringProperty noteProperty() {
        return note.getReadOnlyProperty();
    }

    ReadOnlyBooleanProperty checkingProperty() {
        return checking.getReadOnlyProperty();
    }
}
