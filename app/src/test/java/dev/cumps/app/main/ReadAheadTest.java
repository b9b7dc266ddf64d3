package dev.cumps.app.main;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.cumps.app.SimulatedConsole;
import dev.cumps.app.ui.CurrentThreadUiExecutor;
import dev.cumps.core.snapshot.HostSnapshotService;
import java.time.Clock;
import java.time.Instant;
import java.time.ZoneId;
import java.time.format.DateTimeFormatter;
import java.util.Locale;
import java.util.concurrent.CompletableFuture;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * The launch's first refresh around a host snapshot read ahead (from the moment the host session
 * exists): shown through the refresh's own guard and collector, its time the read's, and a failed read
 * shown as a failed refresh that leaves the guard free. Work runs on the test's thread; the read on its own.
 */
class ReadAheadTest {

    /** When the read ahead "started": its own clock, so that the shown time proves which read was shown. */
    private static final Instant READ_AT = Instant.parse("2026-01-02T03:04:05Z");

    private SimulatedConsole host;
    private MainViewModel vm;

    @BeforeEach
    void open() {
        host = SimulatedConsole.open();
        vm = host.viewModels(host.context(new CurrentThreadUiExecutor(), Locale.ENGLISH)).main();
    }

    @AfterEach
    void close() {
        host.close();
    }

    @Test
    void theFirstRefreshShowsTheSnapshotReadAhead() {
        host.start("ahead-a", 1);
        ReadAhead ahead = ReadAhead.after(CompletableFuture.completedFuture(host.services().snapshots()),
                Clock.fixed(READ_AT, ZoneId.systemDefault()));

        vm.refreshFrom(ahead);

        assertEquals(1, vm.daemons().size());
        assertEquals("ahead-a", vm.daemons().get(0).name());
        assertEquals(2, vm.gpus().size());
        String time = DateTimeFormatter.ofPattern("HH:mm:ss").format(READ_AT.atZone(ZoneId.systemDefault()));
        assertTrue(vm.summary().lastRefreshProperty().get().startsWith("Last refresh " + time + " "),
                vm.summary().lastRefreshProperty().get());
        assertFalse(vm.refreshingProperty().get());
    }

    @Test
    void aFailedReadAheadIsAFailedRefreshAndTheNextRefreshReadsAgain() {
        CompletableFuture<HostSnapshotService> noSession = CompletableFuture.failedFuture(new IllegalStateException("no session"));

        vm.refreshFrom(ReadAhead.after(noSession, Clock.systemDefaultZone()));
        assertTrue(vm.summary().diagnosticProperty().get().startsWith("Refresh failed"), vm.summary().diagnosticProperty().get());
        assertEquals("", vm.summary().lastRefreshProperty().get());
        assertFalse(vm.refreshingProperty().get());

        host.start("ahead-b", 0);
        vm.refresh();
        assertEquals(1, vm.daemons().size());
        assertFalse(vm.summary().lastRefreshProperty().get().isEmpty());
    }
}
