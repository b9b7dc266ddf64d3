package dev.cumps.app.session;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.cumps.app.SimulatedConsole;
import dev.cumps.app.Waits;
import dev.cumps.core.live.ClientProcess;
import dev.cumps.core.live.DaemonSnapshot;
import dev.cumps.core.live.LiveSnapshot;
import dev.cumps.core.proc.ProcFsProcessTable;
import dev.cumps.core.proc.ProcessIdentity;
import dev.cumps.core.proc.ProcessInfo;
import dev.cumps.core.record.ManagedDaemon;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Optional;
import org.junit.jupiter.api.Test;

/**
 * The --simulate demo: one live daemon with two real simulated clients holding their memory, and
 * all of it gone (clients, daemon, sandbox) once the session closes.
 */
class SimulateDemoTest {

    @Test
    void theDemoDaemonHasTwoClientsAndClosingEndsThemAll() {
        SimulatedConsole host = SimulatedConsole.open();
        Path sandbox = host.sandbox();
        ProcFsProcessTable processes = new ProcFsProcessTable();
        ProcessIdentity daemon;
        List<ProcessIdentity> clients;
        try {
            host.session().startDemo();
            ManagedDaemon demo = host.services().status().collect().daemons().stream()
                    .filter(d -> d.record().name().equals(SimulateDemo.NAME)).findFirst().orElseThrow();
            assertTrue(demo.live());
            daemon = demo.record().identity();
            LiveSnapshot snapshot = host.services().snapshots().readLive(Optional.of(SimulateDemo.NAME)).requireLive();
            DaemonSnapshot live = snapshot.daemons().get(0);
            assertEquals(DaemonSnapshot.State.ANSWERING, live.state());
            assertEquals(SimulateDemo.CLIENT_MEMORY_MIB, live.clients().stream()
                    .map(c -> c.gpuMemoryMiB().orElse(-1)).sorted().toList());
            clients = live.clients().stream().map(ClientProcess::pid)
                    .map(pid -> processes.find(pid).map(ProcessInfo::identity).orElseThrow()).toList();
            assertTrue(snapshot.gpus().get(0).utilizationPercent().orElse(0) > 0, "GPU 0 is busy: " + snapshot.gpus());
        } finally {
            host.session().close();
        }
        for (ProcessIdentity client : clients) {
            Waits.until("demo client " + client.pid() + " to end", () -> !processes.isAlive(client));
        }
        assertFalse(processes.isAlive(daemon), "the demo daemon was stopped");
        assertFalse(Files.exists(sandbox), "the sandbox was removed");
        host.close();
    }
}
