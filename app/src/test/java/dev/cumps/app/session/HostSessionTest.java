package dev.cumps.app.session;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotSame;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.cumps.app.SimulatedConsole;
import dev.cumps.app.Waits;
import dev.cumps.core.live.DaemonSnapshot;
import dev.cumps.core.live.LiveSnapshotService.Detail;
import dev.cumps.core.proc.ProcFsProcessTable;
import dev.cumps.core.record.DaemonRecord;
import dev.cumps.sim.SimTools;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.time.Duration;
import java.util.List;
import org.junit.jupiter.api.Test;

class HostSessionTest {

    @Test
    void closingASimulatedSessionStopsItsDaemonsAndRemovesTheSandbox() {
        SimulatedConsole host = SimulatedConsole.open();
        Path sandbox = host.sandbox();
        DaemonRecord record;
        try {
            record = host.start("hs-a", 0);
            assertTrue(new ProcFsProcessTable().isAlive(record.identity()));
            assertTrue(host.services().simulated());
        } finally {
            host.session().close();
        }
        assertFalse(new ProcFsProcessTable().isAlive(record.identity()), "the simulated daemon was stopped");
        assertFalse(Files.exists(sandbox), "the sandbox was removed");
        host.close(); // a second close is harmless
    }

    @Test
    void closingInTheBackgroundLeavesTheCallerFreeAndKeepsTheJvmUpUntilDone() throws InterruptedException {
        SimulatedConsole host = SimulatedConsole.open();
        Path sandbox = host.sandbox();
        try {
            DaemonRecord record = host.start("hs-b", 0);
            Thread watcher = host.session().closeInBackground(Duration.ofMinutes(2));
            assertNotSame(Thread.currentThread(), watcher, "the caller (the FX thread) does not do the work");
            assertFalse(watcher.isDaemon(), "the JVM waits for the cleanup");
            watcher.join(Waits.DEADLINE.toMillis());
            assertFalse(watcher.isAlive(), "the cleanup ended within the deadline");
            assertFalse(new ProcFsProcessTable().isAlive(record.identity()), "the simulated daemon was stopped");
            assertFalse(Files.exists(sandbox), "the sandbox was removed");
        } finally {
            host.close();
        }
    }

    /**
     * The simulated window asks its daemons as the window asks a real host's: in-process, with no control program
     * started (the stand-in daemons speak NVIDIA's protocol). Counted by a logging wrapper put in place of the stand-in
     * control program after the daemon started; a full read asks the daemon every question the Clients page shows.
     */
    @Test
    void theSimulatedWindowAsksItsDaemonsInProcessWithoutAControlProgram() throws Exception {
        SimulatedConsole host = SimulatedConsole.open();
        try {
            host.start("hs-c", 0);
            Path bin = host.simulation().sandbox().bin();
            Path control = bin.resolve(SimTools.MPS_CONTROL);
            Path standIn = bin.resolve(SimTools.MPS_CONTROL + ".stand-in");
            Path calls = host.sandbox().resolve("control-calls");
            Files.writeString(calls, "");
            Files.move(control, standIn);
            Files.writeString(control, "#!/bin/sh\necho \"$*\" >> '" + calls + "'\nexec '" + standIn + "' \"$@\"\n");
            Files.setPosixFilePermissions(control, PosixFilePermissions.fromString("rwx------"));

            List<DaemonSnapshot> daemons = host.services().snapshots().read(Detail.FULL).requireLive().daemons();
            assertEquals(List.of(DaemonSnapshot.State.ANSWERING), daemons.stream().map(DaemonSnapshot::state).toList(),
                    "the daemon answered the full read");
            assertEquals("", Files.readString(calls), "control programs started by the window's full read");
        } finally {
            host.close();
        }
    }
}
