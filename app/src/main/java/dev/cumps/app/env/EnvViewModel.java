package dev.cumps.app.env;

import dev.cumps.app.context.ConsoleContext;
import dev.cumps.app.i18n.Messages;
import dev.cumps.app.ui.LatestOnly;
import dev.cumps.app.ui.UiExecutor;
import dev.cumps.app.ui.error.ErrorReport;
import dev.cumps.core.env.EnvFormat;
import dev.cumps.core.env.EnvService;
import dev.cumps.core.env.LaunchEnvironment;
import dev.cumps.core.record.ManagedDaemon;
import java.time.Duration;
import java.util.Arrays;
import java.util.List;
import java.util.Objects;
import java.util.Optional;
import javafx.beans.property.BooleanProperty;
import javafx.beans.property.ObjectProperty;
import javafx.beans.property.ReadOnlyBooleanProperty;
import javafx.beans.property.ReadOnlyBooleanWrapper;
import javafx.beans.property.ReadOnlyStringProperty;
import javafx.beans.property.ReadOnlyStringWrapper;
import javafx.beans.property.SimpleBooleanProperty;
import javafx.beans.property.SimpleObjectProperty;
import javafx.beans.value.ChangeListener;
import javafx.beans.value.ObservableValue;
import javafx.beans.value.WeakChangeListener;

/**
 * The launch environment of the selected daemon, exactly as {@code cumps env --shell FORMAT} (or,
 * with the JSON toggle, {@code cumps env --json}) prints it: the text is the core's
 * {@link LaunchEnvironment#text(EnvFormat)}, never formatted here. The format is chosen from
 * {@link #formats()} and kept for the session (across selections and reloads). Only a live daemon
 * has an environment; otherwise a hint explains why there is none and Copy is off.
 */
public final class EnvViewModel {

    private final ConsoleContext ctx;
    private final EnvService env;
    private final Messages messages;
    private final ObservableValue<ManagedDaemon> selection;

    private final BooleanProperty json = new SimpleBooleanProperty(this, "json", false);
    private final List<EnvChoice> formats;
    private final ObjectProperty<EnvChoice> format = new SimpleObjectProperty<>(this, "format");
    private final ReadOnlyStringWrapper text = new ReadOnlyStringWrapper(this, "text", "");
    private final ReadOnlyStringWrapper hint = new ReadOnlyStringWrapper(this, "hint", "");
    private final ReadOnlyStringWrapper caption = new ReadOnlyStringWrapper(this, "caption", "");
    private final ReadOnlyBooleanWrapper available = new ReadOnlyBooleanWrapper(this, "available", false);
    private final ReadOnlyBooleanWrapper copied = new ReadOnlyBooleanWrapper(this, "copied", false);
    private UiExecutor.Timer copiedFeedback;

    /** Held strongly here, registered weakly: the selection may outlive this view model. */
    private final ChangeListener<ManagedDaemon> onSelection = (obs, old, now) -> load();
    private LaunchEnvironment environment;
    /** The read under way: a newer one replaces it, unheard. */
    private final LatestOnly loads = new LatestOnly();

    public EnvViewModel(ConsoleContext ctx, EnvService env, ObservableValue<ManagedDaemon> selection) {
        this.ctx = Objects.requireNonNull(ctx, "ctx");
        this.env = Objects.requireNonNull(env, "env");
        this.messages = ctx.messages();
        this.selection = Objects.requireNonNull(selection, "selection");
        selection.addListener(new WeakChangeListener<>(onSelection));
        this.formats = Arrays.stream(EnvFormat.values())
                .map(f -> new EnvChoice(f.id(), label(f))).toList();
        format.set(formats.get(0));
        json.addListener((obs, old, now) -> render());
        format.addListener((obs, old, now) -> {
            if (now == null) {
                format.set(old);
            } else {
                render();
            }
        });
        load();
    }

    /** Reads the selected daemon's environment again (off the UI thread); a read under way is replaced. */
    public void load() {
        loads.cancel();
        environment = null;
        copied.set(false);
        ManagedDaemon daemon = selection.getValue();
        if (daemon == null) {
            unavailable(messages.get("env.hint.none"));
            return;
        }
        if (!daemon.live()) {
            unavailable(messages.get("env.hint.stale", daemon.name()));
            return;
        }
        unavailable(messages.get("env.hint.loading"));
        String name = daemon.name();
        loads.start(ctx.executor().task(() -> env.launchEnvironment(Optional.of(name)))
                .onSuccess(read -> {
                    environment = read;
                    render();
                })
                .onFailure(error -> unavailable(messages.get("env.hint.error", name, ErrorReport.of(error, messages).summary()))));
    }

    /** How long "Copied" shows after a copy. */
    static final Duration COPIED_FEEDBACK = Duration.ofSeconds(2);

    /** Puts exactly the shown text on the clipboard and raises {@link #copiedProperty()} for {@link #COPIED_FEEDBACK}. */
    public void copy() {
        if (!available.get()) {
            return;
        }
        ctx.clipboard().putText(text.get());
        copied.set(true);
        if (copiedFeedback != null) {
            copiedFeedback.cancel();
        }
        copiedFeedback = ctx.executor().schedule(COPIED_FEEDBACK, () -> copied.set(false));
        ctx.activity().record(messages.get("env.activity.copy", environment.name()), true,
                json.get() ? messages.get("env.activity.json") : messages.get("env.activity.format", format.get().label()));
    }

    private void render() {
        if (environment == null) {
            return;
        }
        copied.set(false);
        text.set(json.get() ? environment.jsonText() : environment.text(EnvFormat.byId(format.get().id()).orElseThrow()));
        hint.set("");
        caption.set(messages.get("env.caption", environment.name()));
        available.set(true);
    }

    private void unavailable(String why) {
        available.set(false);
        text.set("");
        hint.set(why);
        caption.set("");
    }

    public Messages messages() {
        return messages;
    }

    /** Show {@code cumps env --json} instead of the shell lines. */
    public BooleanProperty jsonProperty() {
        return json;
    }

    private String label(EnvFormat format) {
        return messages.get(switch (format) {
            case POSIX -> "env.format.posix";
            case FISH -> "env.format.fish";
            case SYSTEMD -> "env.format.systemd";
            case DOCKER -> "env.format.docker";
            case DOTENV -> "env.format.dotenv";
        });
    }

    /** The formats of {@code cumps env --shell}, in its order (POSIX first, the CLI's default). */
    public List<EnvChoice> formats() {
        return formats;
    }

    /** The chosen format; kept while the window is open. */
    public ObjectProperty<EnvChoice> formatProperty() {
        return format;
    }

    /** The core's text for the selected live daemon; empty when there is none. */
    public ReadOnlyStringProperty textProperty() {
        return text.getReadOnlyProperty();
    }

    /** Why there is no text (no selection, stale daemon, loading, an error); empty when there is. */
    public ReadOnlyStringProperty captionProperty() {
        return caption.getReadOnlyProperty();
    }

    public ReadOnlyStringProperty hintProperty() {
        return hint.getReadOnlyProperty();
    }

    /** Whether there is an env block to show and copy. */
    public ReadOnlyBooleanProperty availableProperty() {
        return available.getReadOnlyProperty();
    }

    /** True right after a copy, for {@link #COPIED_FEEDBACK} or until the text changes. */
    public ReadOnlyBooleanProperty copiedProperty() {
        return copied.getReadOnlyProperty();
    }
}
