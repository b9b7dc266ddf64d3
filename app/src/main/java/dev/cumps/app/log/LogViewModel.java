package dev.cumps.app.log;

import dev.cumps.app.context.ConsoleContext;
import dev.cumps.app.i18n.Messages;
import dev.cumps.core.mps.RuntimeDirs;
import dev.cumps.core.record.ManagedDaemon;
import java.nio.file.Path;
import java.util.List;
import java.util.Objects;
import javafx.beans.property.ReadOnlyStringProperty;
import javafx.beans.property.ReadOnlyStringWrapper;
import javafx.beans.value.ChangeListener;
import javafx.beans.value.ObservableValue;
import javafx.beans.value.WeakChangeListener;

/**
 * The tail of the selected daemon's {@code control.log} (live or stale: a stale daemon's log often
 * says why it died). Read off the UI thread on selection change and on {@link #refresh()}; a
 * refresh never overlaps the previous one.
 */
public final class LogViewModel {

    /** How many lines of the log are shown. */
    public static final int TAIL_LINES = 200;

    private final ConsoleContext ctx;
    private final Messages messages;
    private final ObservableValue<ManagedDaemon> selection;

    private final ReadOnlyStringWrapper text = new ReadOnlyStringWrapper(this, "text", "");
    private final ReadOnlyStringWrapper caption = new ReadOnlyStringWrapper(this, "caption", "");

    /** Held strongly here, registered weakly: the selection may outlive this view model. */
    private final ChangeListener<ManagedDaemon> onSelection = (obs, old, now) -> {
        if (old == null || now == null || !old.record().logDirectory().equals(now.record().logDirectory())) {
            text.set("");
        }
        reload();
    };
    private long currentLoad;
    private boolean loading;

    public LogViewModel(ConsoleContext ctx, ObservableValue<ManagedDaemon> selection) {
        this.ctx = Objects.requireNonNull(ctx, "ctx");
        this.messages = ctx.messages();
        this.selection = Objects.requireNonNull(selection, "selection");
        selection.addListener(new WeakChangeListener<>(onSelection));
        reload();
    }

    /** Reads the log again unless a read is still going. */
    public void refresh() {
        if (!loading) {
            reload();
        }
    }

    private void reload() {
        long loadId = ++currentLoad;
        ManagedDaemon daemon = selection.getValue();
        if (daemon == null) {
            loading = false;
            text.set("");
            caption.set(messages.get("log.hint.none"));
            return;
        }
        String name = daemon.name();
        Path log = daemon.record().logDirectory().resolve(RuntimeDirs.CONTROL_LOG);
        loading = true;
        ctx.executor().submit(() -> RuntimeDirs.controlLogTail(daemon.record().logDirectory(), TAIL_LINES),
                lines -> {
                    if (loadId == currentLoad) {
                        loading = false;
                        show(name, log, lines);
                    }
                },
                error -> {
                    if (loadId == currentLoad) {
                        loading = false;
                        text.set("");
                        caption.set(messages.get("log.hint.empty", name, log));
                    }
                });
    }

    private void show(String name, Path log, List<String> lines) {
        String joined = lines.isEmpty() ? "" : String.join("\n", lines) + "\n";
        if (!joined.equals(text.get())) {
            text.set(joined);
        }
        caption.set(lines.isEmpty()
                ? messages.get("log.hint.empty", name, log)
                : messages.get("log.caption", lines.size(), log));
    }

    public Messages messages() {
        return messages;
    }

    /** The last lines of the log, each ending in a newline; empty when there is none. */
    public ReadOnlyStringProperty textProperty() {
        return text.getReadOnlyProperty();
    }

    /** What is shown: which file and how many lines, or why nothing is. */
    public ReadOnlyStringProperty captionProperty() {
        return caption.getReadOnlyProperty();
    }
}
