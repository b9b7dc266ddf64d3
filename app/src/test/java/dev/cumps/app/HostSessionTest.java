package dev.cumps.app;

import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;

import dev.cumps.core.proc.ProcFsProcessTable;
import dev.cumps.core.record.DaemonRecord;
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
}
