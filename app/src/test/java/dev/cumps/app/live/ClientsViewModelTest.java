package dev.cumps.app.live;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;

import dev.cumps.app.SimulatedConsole;
import dev.cumps.app.context.ConsoleContext;
import dev.cumps.app.ui.CurrentThreadUiExecutor;
import dev.cumps.core.live.LiveSnapshotService.Detail;
import dev.cumps.core.record.DaemonRecord;
import dev.cumps.core.record.ManagedDaemon;
import java.util.Locale;
import java.util.concurrent.atomic.AtomicInteger;
import javafx.beans.property.SimpleObjectProperty;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * The Clients pane's view model without the toolkit, on a private simulated host: it asks the
 * daemon only while the pane is showing, asks for a refresh when the pane is shown or the selection
 * changes (not while hidden), and says why there is nothing (no selection, a stale daemon).
 */
class ClientsViewModelTest {

    private SimulatedConsole host;
    private final SimpleObjectProperty<ManagedDaemon> selection = new SimpleObjectProperty<>();
    private final AtomicInteger refreshes = new AtomicInteger();
    private ClientsViewModel vm;

    @BeforeEach
    void open() {
        host = SimulatedConsole.open();
        ConsoleContext ctx = host.context(new CurrentThreadUiExecutor(), Locale.ENGLISH);
        vm = new ClientsViewModel(ctx, host.services().live(), selection, refreshes::incrementAndGet, host.services().terminator());
    }

    @AfterEach
    void close() {
        host.close();
    }

    private void refresh() {
        vm.collect(host.services().snapshots().read(Detail.NONE), false, 0).run();
    }

    @Test
    void asksOnlyWhileShowingAndRefreshesWhenShownOrReselected() {
        DaemonRecord record = host.start("cvm-a", 0);
        selection.set(host.services().liveness().assess(record));
        assertEquals(0, refreshes.get(), "hidden: no refresh asked");
        refresh();
        assertNull(vm.treeProperty().get(), "hidden: nothing collected");
        assertEquals("Loading…", vm.hintProperty().get());

        vm.showingProperty().set(true);
        assertEquals(1, refreshes.get(), "shown: one refresh asked");
        refresh();
        ClientLine tree = vm.treeProperty().get();
        assertNotNull(tree);
        assertEquals("cvm-a", tree.process());
        assertEquals("answering", tree.detail());
        assertEquals("Daemon 'cvm-a' has no clients.", vm.hintProperty().get());

        selection.set(null);
        assertEquals("Select a live daemon to see its MPS servers and clients.", vm.hintProperty().get());
        assertNull(vm.treeProperty().get());
        assertEquals(1, refreshes.get(), "nothing selected: nothing to ask");
    }

    @Test
    void aStaleDaemonSaysSo() {
        DaemonRecord record = host.start("cvm-stale", 0);
        SimulatedConsole.kill(record);
        vm.showingProperty().set(true);
        selection.set(host.services().liveness().assess(record));
        assertEquals(1, refreshes.get());
        refresh();
        assertNull(vm.treeProperty().get());
        assertEquals("Daemon 'cvm-stale' is stale: it no longer runs, so it has no clients. Start it again.",
                vm.hintProperty().get());
    }
}
