package dev.cumps.core.doctor.checks;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.cumps.core.doctor.CheckStatus;
import dev.cumps.core.doctor.Finding;
import dev.cumps.core.doctor.FixTarget;
import dev.cumps.core.record.DaemonRecord;
import dev.cumps.core.testing.FakeGpu;
import dev.cumps.core.testing.Sandbox;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.List;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/**
 * The three leftover checks ({@link StaleRecordCheck}, {@link OrphanedSocketCheck},
 * {@link StalePidFileCheck}) on their own: each warns naming exactly its leftovers as fix targets, and
 * passes when a daemon is alive, when its socket is still served, or when the directory is not a
 * private directory of the caller (nothing there is judged ours).
 */
class LeftoverChecksTest {
    private static final String PID_FILE = "nvidia-cuda-mps-control.pid";
    private final Sandbox sb = new Sandbox();

    @AfterEach
    void cleanUp() {
        sb.close();
    }

    @Test
    void theyNeedNothing() {
        assertTrue(new StaleRecordCheck().needs().isEmpty());
        assertTrue(new OrphanedSocketCheck().needs().isEmpty());
        assertTrue(new StalePidFileCheck().needs().isEmpty());
    }

    @Test
    void aLiveDaemonLeavesNothingBehind() {
        sb.start("live");

        for (Finding f : List.of(CheckFixture.evaluate(new StaleRecordCheck(), sb), CheckFixture.evaluate(new OrphanedSocketCheck(), sb),
                CheckFixture.evaluate(new StalePidFileCheck(), sb))) {
            assertEquals(CheckStatus.PASS, f.status(), f.observed().english());
            assertTrue(f.fixes().isEmpty());
        }
        assertEquals("1 record(s), none stale", CheckFixture.evaluate(new StaleRecordCheck(), sb).observed().english());
    }

    @Test
    void aCrashedDaemonsLeftoversWarnWithTheirTargets() {
        DaemonRecord r = sb.start("gone");
        sb.mps.crash(r.pipeDirectory());

        Finding stale = CheckFixture.evaluate(new StaleRecordCheck(), sb);
        Finding socket = CheckFixture.evaluate(new OrphanedSocketCheck(), sb);
        Finding pidFile = CheckFixture.evaluate(new StalePidFileCheck(), sb);

        assertEquals(CheckStatus.WARN, stale.status());
        assertEquals("1 stale record(s): gone (pid " + r.pid() + " start " + r.processStartTicks() + ")", stale.observed().english());
        assertEquals(List.of(new FixTarget.StaleRecord("gone", r.pid(), r.processStartTicks())), stale.fixes());
        assertEquals(CheckStatus.WARN, socket.status());
        assertEquals(r.pipeDirectory().resolve("control") + " (nothing listens)", socket.observed().english());
        assertEquals(List.of(new FixTarget.OrphanedSocket(r.pipeDirectory().resolve("control"))), socket.fixes());
        assertEquals(CheckStatus.WARN, pidFile.status());
        assertEquals(List.of(new FixTarget.StalePidFile(r.pipeDirectory().resolve(PID_FILE), r.pid())), pidFile.fixes());
        assertEquals("`cumps doctor --fix` removes them", pidFile.remedy().orElseThrow().english());
    }

    @Test
    void aStaleRecordWhoseSocketIsStillServedHasNoOrphan() {
        DaemonRecord r = sb.start("held");
        sb.processes.put(r.pid(), "nvidia-cuda-mps", r.processStartTicks() + 1); // another daemon under that pid still listens

        assertEquals(CheckStatus.WARN, CheckFixture.evaluate(new StaleRecordCheck(), sb).status());
        assertEquals(CheckStatus.PASS, CheckFixture.evaluate(new OrphanedSocketCheck(), sb).status());
    }

    @Test
    void aPidFileNamingARunningDaemonIsNotStale() {
        sb.mps.gpus(FakeGpu.exclusive(0), FakeGpu.exclusive(1));
        DaemonRecord live = sb.start("live", 0);
        DaemonRecord gone = sb.start("gone", 1);
        sb.mps.crash(gone.pipeDirectory());
        sb.processes.put(gone.pid(), "nvidia-cuda-mps", gone.processStartTicks() + 1); // pid taken by another daemon

        assertEquals(CheckStatus.PASS, CheckFixture.evaluate(new StalePidFileCheck(), sb).status());
        assertEquals(CheckStatus.PASS, CheckFixture.evaluate(new OrphanedSocketCheck(), sb).status(), "a daemon serves the directory");
        assertTrue(sb.processes.isAlive(live.identity()));
    }

    @Test
    void leftoversInADirectoryThatIsNotPrivateAreNotJudgedOurs() throws IOException {
        DaemonRecord r = sb.start("open");
        sb.mps.crash(r.pipeDirectory());
        Path pipe = r.pipeDirectory();
        Files.setPosixFilePermissions(pipe, PosixFilePermissions.fromString("rwxr-xr-x"));

        assertEquals(CheckStatus.PASS, CheckFixture.evaluate(new OrphanedSocketCheck(), sb).status());
        assertEquals(CheckStatus.PASS, CheckFixture.evaluate(new StalePidFileCheck(), sb).status());
    }
}
