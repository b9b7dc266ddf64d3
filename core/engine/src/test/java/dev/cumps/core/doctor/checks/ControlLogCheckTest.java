package dev.cumps.core.doctor.checks;

import static org.junit.jupiter.api.Assertions.assertEquals;

import dev.cumps.core.doctor.CheckStatus;
import dev.cumps.core.doctor.DoctorText;
import dev.cumps.core.doctor.Finding;
import dev.cumps.core.record.DaemonRecord;
import dev.cumps.core.testing.Sandbox;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.StandardOpenOption;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

class ControlLogCheckTest {
    private final Sandbox sb = new Sandbox();

    @AfterEach
    void cleanUp() {
        sb.close();
    }

    @Test
    void aLogWithoutErrorsPassesCountingTheLinesRead() {
        sb.start("clean");

        Finding f = CheckFixture.evaluate(new ControlLogCheck(), sb);

        assertEquals(CheckStatus.PASS, f.status());
        assertEquals("no error in the last 1 lines", f.observed().english());
        assertEquals("no error in the last 20 lines", f.expected().english());
    }

    @Test
    void theLatestRecentErrorWarnsShownAsWritten() throws IOException {
        DaemonRecord r = sb.start("logged");
        Files.writeString(r.logDirectory().resolve("control.log"), "[2026-11-29 10:00:01.000 Control 1] ERROR: first\n"
                + "[2026-11-29 10:00:02.000 Control 1] ERROR: server exited\n", StandardOpenOption.APPEND);

        Finding f = CheckFixture.evaluate(new ControlLogCheck(), sb);

        assertEquals(CheckStatus.WARN, f.status());
        assertEquals(DoctorText.CONTROL_LOG_ERROR, f.observed().id());
        assertEquals("[2026-11-29 10:00:02.000 Control 1] ERROR: server exited", f.observed().english());
        assertEquals("read " + r.logDirectory().resolve("control.log"), f.remedy().orElseThrow().english());
    }

    @Test
    void anErrorOlderThanTheWindowIsNotReported() throws IOException {
        DaemonRecord r = sb.start("old");
        StringBuilder log = new StringBuilder("[2026-11-29 10:00:01.000 Control 1] ERROR: long ago\n");
        for (int i = 0; i < 25; i++) {
            log.append("[2026-11-29 10:00:02.000 Control 1] fine ").append(i).append('\n');
        }
        Files.writeString(r.logDirectory().resolve("control.log"), log.toString(), StandardOpenOption.APPEND);

        Finding f = CheckFixture.evaluate(new ControlLogCheck(), sb);

        assertEquals(CheckStatus.PASS, f.status());
        assertEquals("no error in the last 20 lines", f.observed().english());
    }

    @Test
    void aMissingLogPassesSayingItIsEmptyOrMissing() throws IOException {
        DaemonRecord r = sb.start("nolog");
        Files.delete(r.logDirectory().resolve("control.log"));

        Finding f = CheckFixture.evaluate(new ControlLogCheck(), sb);

        assertEquals(CheckStatus.PASS, f.status());
        assertEquals("control.log is empty or missing", f.observed().english());
    }
}
