package dev.cumps.core.doctor.checks;

import static org.junit.jupiter.api.Assertions.assertEquals;

import dev.cumps.core.doctor.CheckStatus;
import dev.cumps.core.doctor.Finding;
import dev.cumps.core.record.DaemonRecord;
import dev.cumps.core.testing.Sandbox;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

class ControlPipeCheckTest {
    private final Sandbox sb = new Sandbox();

    @AfterEach
    void cleanUp() {
        sb.close();
    }

    @Test
    void aSocketPasses() {
        DaemonRecord r = sb.start("sock");
        Path control = r.pipeDirectory().resolve("control");

        Finding f = CheckFixture.evaluate(new ControlPipeCheck(), sb);

        assertEquals(CheckStatus.PASS, f.status());
        assertEquals(control + " (unix_socket)", f.observed().english());
        assertEquals(control + " as unix_socket or fifo", f.expected().english());
    }

    @Test
    void aFifoPasses() throws IOException {
        DaemonRecord r = sb.start("fifo");
        Path control = r.pipeDirectory().resolve("control");
        Files.delete(control);
        Sandbox.mkfifo(control);

        Finding f = CheckFixture.evaluate(new ControlPipeCheck(), sb);

        assertEquals(CheckStatus.PASS, f.status());
        assertEquals(control + " (fifo)", f.observed().english());
    }

    @Test
    void aRegularFileInItsPlaceFailsAskingForARestart() throws IOException {
        DaemonRecord r = sb.start("plain");
        Path control = r.pipeDirectory().resolve("control");
        Files.delete(control);
        Files.writeString(control, "not a pipe");

        Finding f = CheckFixture.evaluate(new ControlPipeCheck(), sb);

        assertEquals(CheckStatus.FAIL, f.status());
        assertEquals(control + " is missing or not a socket/FIFO", f.observed().english());
        assertEquals("restart the daemon: `cumps stop --name plain && cumps start --name plain`", f.remedy().orElseThrow().english());
    }
}
