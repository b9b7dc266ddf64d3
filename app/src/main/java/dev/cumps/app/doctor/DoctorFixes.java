package dev.cumps.app.doctor;

import dev.cumps.app.context.ConsoleContext;
import dev.cumps.app.i18n.Messages;
import dev.cumps.app.ui.error.ErrorReport;
import dev.cumps.core.doctor.CheckResult;
import dev.cumps.core.fix.Fix;
import dev.cumps.core.fix.FixOutcome;
import dev.cumps.core.fix.FixService;
import java.util.List;
import java.util.Objects;
import javafx.beans.binding.Bindings;
import javafx.beans.binding.BooleanBinding;
import javafx.beans.property.ObjectProperty;
import javafx.beans.property.ReadOnlyBooleanWrapper;
import javafx.beans.property.ReadOnlyStringProperty;
import javafx.beans.property.ReadOnlyStringWrapper;
import javafx.beans.property.SimpleObjectProperty;

/**
 * The doctor pane's Fix… button: for the selected row, the fixes the core offers for its result with
 * their dry-run text in the window's language; applying them runs the core's fix service (the same
 * checks again right before, the same verified operations as {@code cumps doctor --fix}) off the UI
 * thread, records each outcome in the activity log, marks the row's fix applying, then applied or
 * failed ({@link DoctorRow.Fix}), and then runs the doctor again.
 */
public final class DoctorFixes {
    private final ConsoleContext ctx;
    private final FixService service;
    private final Messages messages;
    private final Runnable rerun;
    private final ObjectProperty<DoctorRow> selected = new SimpleObjectProperty<>(this, "selected");
    private final ReadOnlyBooleanWrapper applying = new ReadOnlyBooleanWrapper(this, "applying", false);
    private final ReadOnlyStringWrapper outcome = new ReadOnlyStringWrapper(this, "outcome", "");
    /** How many fixes the last Fix… applied, all of them, while its outcome still says the doctor runs again; -1 otherwise. */
    private long appliedAwaitingRun = -1;
    private final BooleanBinding unavailable;

    DoctorFixes(ConsoleContext ctx, FixService service, Runnable rerun) {
        this.ctx = Objects.requireNonNull(ctx, "ctx");
        this.service = Objects.requireNonNull(service, "service");
        this.messages = ctx.messages();
        this.rerun = rerun;
        this.unavailable = Bindings.createBooleanBinding(
                () -> applying.get() || selected.get() == null || selected.get().fix() != DoctorRow.Fix.AVAILABLE, applying, selected);
    }

    /** The row the user selected ({@code null}: none); the pane binds it to the table's selection. */
    public ObjectProperty<DoctorRow> selectedProperty() {
        return selected;
    }

    private CheckResult selectedCheck() {
        DoctorRow row = selected.get();
        return row == null ? null : row.result().orElse(null);
    }

    /** True when the selected result offers no fix, or fixes are being applied: Fix… is disabled. */
    public BooleanBinding unavailableBinding() {
        return unavailable;
    }

    /** Exactly what Fix… will do for the selected result, one line per fix, in the window's language. */
    public List<String> dryRun() {
        CheckResult check = selectedCheck();
        return check == null ? List.of() : service.plan(check).stream().map(f -> messages.render(f.description())).toList();
    }

    /** Applies the selected result's fixes off the UI thread, then runs the doctor again. */
    public void apply() {
        DoctorRow row = selected.get();
        CheckResult check = selectedCheck();
        if (check == null || row.fix() != DoctorRow.Fix.AVAILABLE || applying.get()) {
            return;
        }
        List<Fix> plan = service.plan(check);
        String action = messages.get("doctor.fix.action", row.title());
        applying.set(true);
        row.fix(DoctorRow.Fix.APPLYING);
        ctx.executor().task(() -> service.applyAll(plan)).onSuccess(outcomes -> {
            applying.set(false);
            row.fix(outcomes.stream().allMatch(FixOutcome::applied) ? DoctorRow.Fix.APPLIED : DoctorRow.Fix.FAILED);
            // One entry naming every fix, so the status line (which shows the last change) names them all
            // (review 2026-12-06 L-6: after four socket removals it named only the last).
            ctx.activity().recordChange(action, outcomes.stream().allMatch(FixOutcome::applied),
                    String.join("; ", outcomes.stream().map(o -> messages.render(o.text())).toList()));
            long applied = outcomes.stream().filter(FixOutcome::applied).count();
            String refused = String.join("; ", outcomes.stream().filter(o -> !o.applied()).map(o -> messages.render(o.text())).toList());
            outcome.set(refused.isEmpty() ? messages.get("doctor.fix.done", applied)
                    : messages.get("doctor.fix.partly", applied, outcomes.size(), refused));
            appliedAwaitingRun = refused.isEmpty() ? applied : -1;
            rerun.run();
        }).onFailure(error -> {
            applying.set(false);
            row.fix(DoctorRow.Fix.FAILED);
            String summary = ErrorReport.of(error, messages).summary();
            ctx.activity().recordChange(action, false, summary);
            outcome.set(messages.get("doctor.fix.failed", summary));
            rerun.run();
        }).start();
    }

    /** A run of the doctor ended: an outcome that said it runs again now says it ran (review 2026-12-06 L-3). UI thread. */
    void ranAgain() {
        if (appliedAwaitingRun >= 0) {
            outcome.set(messages.get("doctor.fix.doneRan", appliedAwaitingRun));
            appliedAwaitingRun = -1;
        }
    }

    /** What the last Fix… did, for the pane's feedback line; empty before. */
    public ReadOnlyStringProperty outcomeProperty() {
        return outcome.getReadOnlyProperty();
    }
}
