package dev.cumps.core.doctor.checks;

import static org.junit.jupiter.api.Assertions.assertEquals;

import dev.cumps.core.doctor.CheckStatus;
import dev.cumps.core.doctor.DoctorText;
import dev.cumps.core.doctor.Finding;
import dev.cumps.core.record.DaemonRecord;
import dev.cumps.core.testing.Sandbox;
import java.io.IOException;
import java.nio.file.Files;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

class PidFileCheckTest {
    private final Sandbox sb = new Sandbox();

    @AfterEach
    void cleanUp() {
        sb.close();
    }

    @Test
    void thePidFileNamingTheRecordedPidPasses() {
        DaemonRecord r = sb.start("agrees");

        Finding f = CheckFixture.evaluate(new PidFileCheck(), sb);

        assertEquals(CheckStatus.PASS, f.status());
        assertEquals("nvidia-cuda-mps-control.pid says " + r.pid(), f.observed().english());
        assertEquals("pid " + r.pid(), f.expected().english());
    }

    @Test
    void aPidFileNamingAnotherProcessFails() throws IOException {
        DaemonRecord r = sb.start("swapped");
        Files.writeString(r.pipeDirectory().resolve("nvidia-cuda-mps-control.pid"), "5500000\n");

        Finding f = CheckFixture.evaluate(new PidFileCheck(), sb);

        assertEquals(CheckStatus.FAIL, f.status());
        assertEquals("nvidia-cuda-mps-control.pid says 5500000", f.observed().english());
        assertEquals(DoctorText.PID_FILE_REMEDY, f.remedy().orElseThrow().id());
    }

    @Test
    void anR535DaemonWritesNoPidFileAndPassesByItsOwnEnvironment() {
        sb.mps.r535();
        DaemonRecord r = sb.start("lts");

        Finding f = CheckFixture.evaluate(new PidFileCheck(), sb);

        assertEquals(CheckStatus.PASS, f.status());
        assertEquals("no nvidia-cuda-mps-control.pid: not written by this driver branch (R535); pid " + r.pid()
                + " serves this pipe directory by its own environment", f.observed().english());
    }

    @Test
    void aLyingPidFileFailsOnR535Too() throws IOException {
        sb.mps.r535();
        DaemonRecord r = sb.start("lts");
        Files.writeString(r.pipeDirectory().resolve("nvidia-cuda-mps-control.pid"), "5500000\n");

        Finding f = CheckFixture.evaluate(new PidFileCheck(), sb);

        assertEquals(CheckStatus.FAIL, f.status());
        assertEquals("nvidia-cuda-mps-control.pid says 5500000", f.observed().english());
    }

    @Test
    void aMissingPidFileFails() throws IOException {
        DaemonRecord r = sb.start("nopid");
        Files.delete(r.pipeDirectory().resolve("nvidia-cuda-mps-control.pid"));

        Finding f = CheckFixture.evaluate(new PidFileCheck(), sb);

        assertEquals(CheckStatus.FAIL, f.status(), "an R550 daemon writes one: missing means removed or another daemon's directory");
        assertEquals("nvidia-cuda-mps-control.pid missing or unreadable", f.observed().english());
    }
}
