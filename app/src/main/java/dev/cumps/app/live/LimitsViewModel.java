package dev.cumps.app.live;

import dev.cumps.app.context.ConsoleContext;
import dev.cumps.app.i18n.Messages;
import dev.cumps.app.ui.UiTask;
import dev.cumps.core.live.CurrentLimits;
import dev.cumps.core.live.DaemonLimits;
import dev.cumps.core.live.LimitsService;
import dev.cumps.core.message.CumpsException;
import dev.cumps.core.message.Message;
import dev.cumps.core.mps.MpsLimits;
import dev.cumps.core.record.ManagedDaemon;
import dev.cumps.core.snapshot.HostSnapshot;
import java.util.Objects;
import java.util.Optional;
import javafx.beans.binding.Bindings;
import javafx.beans.binding.BooleanBinding;
import javafx.beans.property.BooleanProperty;
import javafx.beans.property.ReadOnlyBooleanProperty;
import javafx.beans.property.ReadOnlyBooleanWrapper;
import javafx.beans.property.ReadOnlyObjectProperty;
import javafx.beans.property.ReadOnlyObjectWrapper;
import javafx.beans.property.ReadOnlyStringProperty;
import javafx.beans.property.ReadOnlyStringWrapper;
import javafx.beans.property.SimpleBooleanProperty;
import javafx.beans.value.ObservableValue;

/**
 * The Limits pane: the selected live daemon's MPS limits as its record holds them and as the daemon
 * reports them now (the core's {@link LimitsService#read}, collected by the main window's refresh
 * while the pane is showing), and the form that changes them ({@link LimitsForm}); Apply, after the
 * operator confirmed, calls the core's {@link LimitsService#set} (which verifies the daemon again
 * and rewrites the record) on a worker, then refreshes.
 */
public final class LimitsViewModel {

    /** One daemon's limits as the pane shows them. */
    public record Shown(String daemon, String recordedPercentage, String recordedPinned, String currentPercentage,
                        String currentPinned, String servers) {
    }

    private final ConsoleContext ctx;
    private final Messages messages;
    private final LimitsService limits;
    private final Runnable refresh;
    private final LimitsForm form;
    private final BooleanProperty showing = new SimpleBooleanProperty(this, "showing");
    private final ReadOnlyObjectWrapper<Shown> shown = new ReadOnlyObjectWrapper<>(this, "shown");
    private final ReadOnlyStringWrapper hint = new ReadOnlyStringWrapper(this, "hint");
    private final ReadOnlyStringWrapper outcome = new ReadOnlyStringWrapper(this, "outcome", "");
    private final ReadOnlyBooleanWrapper busy = new ReadOnlyBooleanWrapper(this, "busy");
    private final BooleanBinding applyDisabled;
    private volatile String target;
    private volatile boolean live;
    private volatile boolean visible;
    private final LiveCadence cadence = new LiveCadence(LiveCadence.LIMITS_SECONDS);

    public LimitsViewModel(ConsoleContext ctx, LimitsService limits, ObservableValue<ManagedDaemon> selection, Runnable refresh) {
        this.ctx = Objects.requireNonNull(ctx, "ctx");
        this.messages = ctx.messages();
        this.limits = Objects.requireNonNull(limits, "limits");
        this.refresh = Objects.requireNonNull(refresh, "refresh");
        this.form = new LimitsForm(messages);
        select(selection.getValue());
        selection.addListener((o, before, now) -> {
            String name = now == null ? null : now.record().name();
            if (!Objects.equals(name, target) || (now != null && now.live() != live)) {
                select(now);
                askRefresh();
            }
        });
        showing.addListener((o, was, is) -> {
            visible = is;
            cadence.forget();
            if (is) {
                askRefresh();
            }
        });
        applyDisabled = Bindings.createBooleanBinding(() -> busy.get() || shown.get() == null || form.invalidBinding().get(),
                busy, shown, form.invalidBinding());
    }

    private void select(ManagedDaemon daemon) {
        target = daemon == null ? null : daemon.record().name();
        live = daemon != null && daemon.live();
        shown.set(null);
        outcome.set("");
        hint.set(daemon == null ? messages.get("limits.hint.none")
                : live ? messages.get("limits.hint.loading") : messages.get("limits.hint.stale", target));
    }

    private void askRefresh() {
        if (visible && target != null && live) {
            refresh.run();
        }
    }

    /**
     * Blocking, on the refresh's worker: the selected live daemon's limits while the pane is showing and the
     * daemon is due to be asked ({@link LiveCadence}; the last answer stays until then).
     */
    public Runnable collect(HostSnapshot host, boolean periodic, int intervalSeconds) {
        String name = target;
        if (!visible || name == null || !live) {
            cadence.forget();
            return () -> { };
        }
        String pid = host.status().daemons().stream().filter(d -> d.record().name().equals(name)).findFirst()
                .map(d -> Long.toString(d.record().pid())).orElse("");
        if (!cadence.due(name + " " + pid, periodic, intervalSeconds)) {
            return () -> { };
        }
        try {
            DaemonLimits read = limits.read(name);
            Shown values = shown(read);
            String caption = read.problem().map(p -> messages.get("limits.hint.problem", name, messages.render(p)))
                    .orElse(messages.get("limits.hint.shown", name));
            return show(name, values, caption);
        } catch (CumpsException e) {
            return show(name, null, messages.get("limits.hint.error", name, messages.render(e.errorMessage())));
        }
    }

    private Shown shown(DaemonLimits read) {
        String notSet = messages.get("limits.notSet");
        String unknown = messages.get("limits.unknown");
        MpsLimits recorded = read.recorded();
        String recordedPercentage = recorded.activeThreadPercentage().isPresent()
                ? Integer.toString(recorded.activeThreadPercentage().getAsInt()) : notSet;
        String recordedPinned = recorded.pinnedMemLimitText().orElse(notSet);
        Optional<CurrentLimits> current = read.current();
        String currentPercentage = current.map(c -> c.activeThreadPercentageText().orElse(notSet)).orElse(unknown);
        String currentPinned = current.map(c -> c.pinnedMemLimitSupported() ? c.pinnedMemLimitText().orElse(notSet)
                : messages.get("limits.notSupported")).orElse(unknown);
        return new Shown(read.name(), recordedPercentage, recordedPinned, currentPercentage, currentPinned,
                messages.get("limits.servers", read.servers().size()));
    }

    private Runnable show(String name, Shown values, String caption) {
        return () -> {
            if (name.equals(target)) {
                shown.set(values);
                hint.set(caption);
            }
        };
    }

    /**
     * Applies the form's limits to the shown daemon (the operator confirmed), started: a task of the line the
     * outcome shows (what was set, or why it failed), recorded in the activity log and followed by a refresh;
     * empty when there is nothing to apply. UI thread.
     */
    public Optional<UiTask<String, Void>> apply() {
        Shown on = shown.get();
        if (on == null || applyDisabled.get()) {
            return Optional.empty();
        }
        MpsLimits wanted = form.limits();
        String action = messages.get("limits.activity", on.daemon());
        busy.set(true);
        UiTask<Message, Void> set = ctx.executor().task(() -> limits.set(on.daemon(), wanted));
        UiTask<String, Void> ended = set.map(done -> {
            String text = messages.windowText(done);
            form.clear();
            return ended(action, true, text, text);
        }, error -> {
            String why = messages.errorText(error).orElse(String.valueOf(error.getMessage()));
            return ended(action, false, why, messages.get("limits.failed", on.daemon(), why));
        });
        set.start();
        return Optional.of(ended);
    }

    private String ended(String action, boolean success, String recorded, String line) {
        busy.set(false);
        outcome.set(line);
        ctx.activity().recordChange(action, success, recorded);
        refresh.run();
        return line;
    }

    public LimitsForm form() {
        return form;
    }

    /** Kept true by the main view while the Limits tab is selected. */
    public BooleanProperty showingProperty() {
        return showing;
    }

    /** Whether a read or an apply of this pane is running. */
    public ReadOnlyBooleanProperty busyProperty() {
        return busy.getReadOnlyProperty();
    }

    /** The selected daemon's values; null while there are none ({@link #hintProperty()} says why). */
    public ReadOnlyObjectProperty<Shown> shownProperty() {
        return shown.getReadOnlyProperty();
    }

    public ReadOnlyStringProperty hintProperty() {
        return hint.getReadOnlyProperty();
    }

    /** The last Apply's outcome, or why it failed; empty before. */
    public ReadOnlyStringProperty outcomeProperty() {
        return outcome.getReadOnlyProperty();
    }

    public BooleanBinding applyDisabledBinding() {
        return applyDisabled;
    }

    public Messages messages() {
        return messages;
    }
}
