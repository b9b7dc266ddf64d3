package dev.cumps.app.live;

import dev.cumps.app.context.ConsoleContext;
import dev.cumps.app.i18n.Messages;
import dev.cumps.core.lifecycle.ClientTerminator;
import dev.cumps.core.live.DaemonSnapshot;
import dev.cumps.core.live.LiveSnapshot;
import dev.cumps.core.live.LiveSnapshotService;
import dev.cumps.core.message.CumpsException;
import dev.cumps.core.record.ManagedDaemon;
import dev.cumps.core.snapshot.HostSnapshot;
import java.util.Objects;
import java.util.Optional;
import javafx.beans.property.BooleanProperty;
import javafx.beans.property.ReadOnlyObjectProperty;
import javafx.beans.property.ReadOnlyObjectWrapper;
import javafx.beans.property.ReadOnlyStringProperty;
import javafx.beans.property.ReadOnlyStringWrapper;
import javafx.beans.property.SimpleBooleanProperty;
import javafx.beans.value.ObservableValue;

/**
 * The Clients pane: the selected live daemon's MPS servers and their clients, from the core's
 * {@link LiveSnapshotService}. Collected by the main window's refresh ({@link #collect}, on the
 * refresh's worker, so never overlapping another collection), reusing that refresh's GPU query,
 * and only while the pane is showing; a change of the selection, or showing the pane, asks for a
 * refresh. A daemon that does not answer shows as such, never blocking the window.
 */
public final class ClientsViewModel {

    private final Messages messages;
    private final LiveSnapshotService live;
    private final Runnable refresh;
    private final ClientLines lines;
    private final ClientActions actions;
    private final BooleanProperty showing = new SimpleBooleanProperty(this, "showing");
    private final ReadOnlyObjectWrapper<ClientLine> tree = new ReadOnlyObjectWrapper<>(this, "tree");
    private final ReadOnlyStringWrapper hint = new ReadOnlyStringWrapper(this, "hint");
    /** The selected daemon's name, read by the worker; null: none. */
    private volatile String target;
    private volatile boolean shown;
    private final LiveCadence cadence = new LiveCadence(LiveCadence.CLIENTS_SECONDS);

    /**
     * @param selection the daemon selected in the main window
     * @param refresh   asks the main window for a refresh (dropped while one runs)
     * @param terminator what Terminate client… calls
     */
    public ClientsViewModel(ConsoleContext ctx, LiveSnapshotService live, ObservableValue<ManagedDaemon> selection,
            Runnable refresh, ClientTerminator terminator) {
        this.messages = ctx.messages();
        this.live = Objects.requireNonNull(live, "live");
        this.refresh = Objects.requireNonNull(refresh, "refresh");
        this.lines = new ClientLines(messages);
        this.actions = new ClientActions(ctx, terminator, refresh);
        select(selection.getValue());
        selection.addListener((o, before, now) -> {
            String name = now == null ? null : now.record().name();
            if (!Objects.equals(name, target)) {
                select(now);
                askRefresh();
            }
        });
        showing.addListener((o, was, is) -> {
            shown = is;
            cadence.forget();
            if (is) {
                askRefresh();
            }
        });
    }

    private void select(ManagedDaemon daemon) {
        target = daemon == null ? null : daemon.record().name();
        tree.set(null);
        hint.set(daemon == null ? messages.get("clients.hint.none") : messages.get("clients.hint.loading"));
    }

    private void askRefresh() {
        if (shown && target != null) {
            refresh.run();
        }
    }

    /**
     * Blocking, on the refresh's worker: the selected daemon's snapshot when the pane is showing and the
     * daemon is due to be asked ({@link LiveCadence}; {@code periodic}: the refresh is the timer's tick, every
     * {@code intervalSeconds}); returns what shows it on the UI thread (nothing while
     * the pane is hidden or the last answer stays).
     */
    public Runnable collect(HostSnapshot host, boolean periodic, int intervalSeconds) {
        String name = target;
        if (!shown || name == null) {
            cadence.forget();
            return () -> { };
        }
        Optional<ManagedDaemon> daemon = host.status().daemons().stream().filter(d -> d.record().name().equals(name)).findFirst();
        if (daemon.isEmpty()) {
            cadence.forget();
            return show(name, null, messages.get("clients.hint.none"));
        }
        if (!daemon.get().live()) {
            cadence.forget();
            return show(name, null, messages.get("clients.hint.stale", name));
        }
        if (!cadence.due(name + " " + daemon.get().record().pid(), periodic, intervalSeconds)) {
            return () -> { };
        }
        try {
            LiveSnapshot snapshot = live.collect(daemon.get().record(), host.gpus());
            Optional<DaemonSnapshot> mine = snapshot.daemons().stream()
                    .filter(d -> d.name().filter(name::equals).isPresent()).findFirst();
            if (mine.isEmpty()) {
                return show(name, null, messages.get("clients.hint.none"));
            }
            ClientLine line = lines.daemon(daemon.get().record(), mine.get(), true);
            String caption = line.clients().isEmpty() ? messages.get("clients.hint.noClients", name)
                    : messages.get("clients.hint.count", name, line.clients().size());
            return show(name, line, caption);
        } catch (CumpsException e) {
            return show(name, null, messages.get("clients.hint.error", name, messages.render(e.errorMessage())));
        }
    }

    private Runnable show(String name, ClientLine line, String caption) {
        return () -> {
            if (name.equals(target)) {
                tree.set(line);
                hint.set(caption);
            }
        };
    }

    /** Kept true by the main view while the Clients tab is selected. */
    public BooleanProperty showingProperty() {
        return showing;
    }

    /** The selected daemon's tree; null when there is nothing to show ({@link #hintProperty()} says why). */
    public ReadOnlyObjectProperty<ClientLine> treeProperty() {
        return tree.getReadOnlyProperty();
    }

    /** One line above the tree: what is shown, or why nothing is. */
    public ReadOnlyStringProperty hintProperty() {
        return hint.getReadOnlyProperty();
    }

    /** Terminate client… on a selected client line. */
    public ClientActions actions() {
        return actions;
    }

    public Messages messages() {
        return messages;
    }
}
