package dev.cumps.app.main;

import dev.cumps.app.context.ConsoleContext;
import dev.cumps.core.lifecycle.DaemonLifecycle;
import dev.cumps.core.lifecycle.StartRequest;
import java.util.Objects;
import java.util.function.Supplier;
import javafx.beans.property.ReadOnlyBooleanProperty;
import javafx.beans.property.ReadOnlyBooleanWrapper;
import javafx.beans.property.ReadOnlyStringProperty;
import javafx.beans.property.ReadOnlyStringWrapper;

/**
 * The start dialog's check of the whole request: the core's side-effect-free {@code plan} on a
 * worker, so that every refusal a start would give (socket path too long, equal directories) shows
 * before Start. One check at a time; a change during a check is checked right after it.
 */
final class PlanCheck {

    private final ConsoleContext ctx;
    private final DaemonLifecycle lifecycle;
    private final Supplier<StartRequest> request;
    private final ReadOnlyStringWrapper problem = new ReadOnlyStringWrapper(this, "problem", "");
    private final ReadOnlyBooleanWrapper checking = new ReadOnlyBooleanWrapper(this, "checking");
    private boolean checkAgain;

    /** @param request what Start would ask the core for now */
    PlanCheck(ConsoleContext ctx, DaemonLifecycle lifecycle, Supplier<StartRequest> request) {
        this.ctx = Objects.requireNonNull(ctx, "ctx");
        this.lifecycle = Objects.requireNonNull(lifecycle, "lifecycle");
        this.request = Objects.requireNonNull(request, "request");
    }

    /** Asks the core's {@code plan} whether the request would be accepted. */
    void check() {
        if (checking.get()) {
            checkAgain = true;
            return;
        }
        checking.set(true);
        StartRequest asked = request.get();
        ctx.executor().submit(() -> lifecycle.plan(asked), plan -> checked(""),
                error -> checked(ctx.messages().errorText(error).orElse(error.toString())));
    }

    private void checked(String found) {
        checking.set(false);
        if (checkAgain) {
            checkAgain = false;
            check();
            return;
        }
        problem.set(found);
    }

    /** Shows {@code text} as the problem without asking the core (empty: none). */
    void show(String text) {
        problem.set(text);
    }

    ReadOnlyStringProperty problemProperty() {
        return problem.getReadOnlyProperty();
    }

    ReadOnlyBooleanProperty checkingProperty() {
        return checking.getReadOnlyProperty();
    }
}
