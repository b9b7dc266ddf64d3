package dev.cumps.app.log;

import dev.cumps.app.context.ConsoleContext;
import dev.cumps.app.i18n.Messages;
import dev.cumps.app.ui.LatestOnly;
import dev.cumps.app.ui.UiExecutor;
import dev.cumps.core.exec.FolderOpener;
import dev.cumps.core.mps.RuntimeDirs;
import dev.cumps.core.record.ManagedDaemon;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Objects;
import java.util.function.BooleanSupplier;
import javafx.beans.property.BooleanProperty;
import javafx.beans.property.ReadOnlyBooleanProperty;
import javafx.beans.property.ReadOnlyBooleanWrapper;
import javafx.beans.property.ReadOnlyStringProperty;
import javafx.beans.property.ReadOnlyStringWrapper;
import javafx.beans.property.SimpleBooleanProperty;
import javafx.beans.value.ChangeListener;
import javafx.beans.value.ObservableValue;
import javafx.beans.value.WeakChangeListener;

/**
 * The tail of the selected daemon's {@code control.log} (live or stale: a stale daemon's log often
 * says why it died). Read off the UI thread on selection change and on {@link #refresh()}, as a
 * {@code UiTask} under {@link LatestOnly}: a refresh never overlaps the read under way, and a newly
 * selected daemon's read replaces it. When the shown daemon leaves the table (it was
 * stopped), its last log stays, marked as such, until another daemon is selected. The view follows
 * new lines while {@link #followingProperty()} is set and wraps them while {@link #wrapProperty()}
 * is; {@link #openFolder()} opens the log directory in the file manager.
 */
public final class LogViewModel {

    /** How many lines of the log are shown. */
    public static final int TAIL_LINES = 200;

    private final ConsoleContext ctx;
    private final Messages messages;
    private final ObservableValue<ManagedDaemon> selection;

    private final ReadOnlyStringWrapper text = new ReadOnlyStringWrapper(this, "text", "");
    private final ReadOnlyStringWrapper caption = new ReadOnlyStringWrapper(this, "caption", "");
    private final ReadOnlyStringWrapper notice = new ReadOnlyStringWrapper(this, "notice", "");
    private final ReadOnlyBooleanWrapper stopped = new ReadOnlyBooleanWrapper(this, "stopped", false);
    private final ReadOnlyBooleanWrapper folderAvailable = new ReadOnlyBooleanWrapper(this, "folderAvailable", false);
    private final BooleanProperty following = new SimpleBooleanProperty(this, "following", true);
    private final BooleanProperty wrap = new SimpleBooleanProperty(this, "wrap", false);
    private final FolderOpener folders;
    /** The daemon whose log is shown: the selection, or the last one selected after it left the table. UI thread. */
    private ManagedDaemon shown;

    /** Held strongly here, registered weakly: the selection may outlive this view model. */
    private final ChangeListener<ManagedDaemon> onSelection = (obs, old, now) -> {
        if (now != null && (shown == null || !shown.record().logDirectory().equals(now.record().logDirectory()))) {
            text.set("");
            following.set(true);
        }
        reload();
    };
    /** The read under way: a newer one (another daemon selected) replaces it, unheard. */
    private final LatestOnly tail = new LatestOnly();

    public LogViewModel(ConsoleContext ctx, ObservableValue<ManagedDaemon> selection, FolderOpener folders) {
        this.ctx = Objects.requireNonNull(ctx, "ctx");
        this.folders = Objects.requireNonNull(folders, "folders");
        this.messages = ctx.messages();
        this.selection = Objects.requireNonNull(selection, "selection");
        selection.addListener(new WeakChangeListener<>(onSelection));
        reload();
    }

    /**
     * Reads the log again every {@code period} while {@code wanted} holds (the pane is on screen), through
     * the UI executor's timer; cancel the returned timer to stop.
     */
    public UiExecutor.Timer refreshEvery(Duration period, BooleanSupplier wanted) {
        return ctx.executor().every(period, () -> {
            if (wanted.getAsBoolean()) {
                refresh();
            }
        });
    }

    /** Reads the log again unless a read is still going. */
    public void refresh() {
        if (!tail.isRunning()) {
            reload();
        }
    }

    private void reload() {
        ManagedDaemon selected = selection.getValue();
        if (selected == null && shown == null) {
            tail.cancel();
            text.set("");
            caption.set(messages.get("log.hint.none"));
            return;
        }
        // No selection after one: the daemon left the table (stopped); its last log stays.
        boolean gone = selected == null;
        ManagedDaemon daemon = gone ? shown : selected;
        shown = daemon;
        stopped.set(gone);
        folderAvailable.set(true);
        String name = daemon.name();
        Path log = daemon.record().logDirectory().resolve(RuntimeDirs.CONTROL_LOG);
        tail.start(ctx.executor().task(() -> RuntimeDirs.controlLogTail(daemon.record().logDirectory(), TAIL_LINES))
                .onSuccess(lines -> show(name, log, lines, gone))
                .onFailure(error -> {
                    text.set("");
                    caption.set(messages.get("log.hint.empty", name, log));
                }));
    }

    private void show(String name, Path log, List<String> lines, boolean gone) {
        String joined = lines.isEmpty() ? "" : String.join("\n", lines) + "\n";
        if (!joined.equals(text.get())) {
            text.set(joined);
        }
        if (gone) {
            caption.set(messages.get("log.caption.stopped", name, lines.size(), log));
        } else {
            caption.set(lines.isEmpty()
                    ? messages.get("log.hint.empty", name, log)
                    : messages.get("log.caption", lines.size(), log));
        }
    }

    /**
     * Opens the shown daemon's log directory in the file manager, off the UI thread; a failure
     * (no xdg-open, no desktop) is one line in {@link #noticeProperty()}.
     */
    public void openFolder() {
        if (shown == null) {
            return;
        }
        Path folder = shown.record().logDirectory();
        notice.set("");
        ctx.executor().task(() -> folders.open(folder))
                .onSuccess(problem -> notice.set(problem.map(messages::render).orElse(messages.get("log.folder.opened", folder))))
                .onFailure(error -> notice.set(messages.errorText(error).orElse(messages.get("log.folder.failed", folder))))
                .start();
    }

    /** Whether a daemon's log is shown, so there is a folder to open. */
    public ReadOnlyBooleanProperty folderAvailableProperty() {
        return folderAvailable.getReadOnlyProperty();
    }

    public Messages messages() {
        return messages;
    }

    /** The last lines of the log, each ending in a newline; empty when there is none. */
    public ReadOnlyStringProperty textProperty() {
        return text.getReadOnlyProperty();
    }

    /** The outcome of the last Open folder, one line; empty before. */
    public ReadOnlyStringProperty noticeProperty() {
        return notice.getReadOnlyProperty();
    }

    /** Whether the shown log is of a daemon that has since stopped (its last log). */
    public ReadOnlyBooleanProperty stoppedProperty() {
        return stopped.getReadOnlyProperty();
    }

    /** Whether the view keeps the newest line in sight; the view clears it when the user scrolls up. */
    public BooleanProperty followingProperty() {
        return following;
    }

    /** Whether long lines wrap. */
    public BooleanProperty wrapProperty() {
        return wrap;
    }

    /** What is shown: which file and how many lines, or why nothing is. */
    public ReadOnlyStringProperty captionProperty() {
        return caption.getReadOnlyProperty();
    }
}
