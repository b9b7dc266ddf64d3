package dev.cumps.app.session;

import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotSame;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.cumps.app.SimulatedConsole;
import dev.cumps.app.Waits;
import dev.cumps.core.proc.ProcFsProcessTable;
import dev.cumps.core.record.DaemonRecord;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
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
}
