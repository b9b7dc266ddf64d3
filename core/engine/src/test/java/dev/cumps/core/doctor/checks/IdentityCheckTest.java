package dev.cumps.core.doctor.checks;

import static org.junit.jupiter.api.Assertions.assertEquals;

import dev.cumps.core.doctor.CheckStatus;
import dev.cumps.core.doctor.DoctorContext;
import dev.cumps.core.doctor.Finding;
import dev.cumps.core.doctor.Need;
import dev.cumps.core.record.DaemonRecord;
import dev.cumps.core.testing.Sandbox;
import java.util.List;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

class IdentityCheckTest {
    private final Sandbox sb = new Sandbox();

    @AfterEach
    void cleanUp() {
        sb.close();
    }

    @Test
    void needsOneLiveManagedDaemon() {
        assertEquals(List.of(Need.LIVE_MANAGED_DAEMON), new IdentityCheck().needs());
    }

    @Test
    void theRecordedProcessPasses() {
        DaemonRecord r = sb.start("good");

        Finding f = CheckFixture.evaluate(new IdentityCheck(), sb);

        assertEquals(CheckStatus.PASS, f.status());
        assertEquals("pid " + r.pid() + " start " + r.processStartTicks() + " 'nvidia-cuda-mps'", f.observed().english());
        assertEquals("pid " + r.pid() + " start " + r.processStartTicks(), f.expected().english());
    }

    @Test
    void aPidReusedAfterTheDaemonWasSelectedFailsWithTheNewStartTime() {
        DaemonRecord r = sb.start("raced");
        DoctorContext context = CheckFixture.context(sb, null);
        context.daemon().orElseThrow();
        sb.processes.reuse(r.pid(), "python3", 999_999L);

        Finding f = new IdentityCheck().evaluate(context);

        assertEquals(CheckStatus.FAIL, f.status());
        assertEquals("pid " + r.pid() + " start 999999 'python3'", f.observed().english());
        assertEquals("the record is stale; `cumps stop --name raced` cleans it", f.remedy().orElseThrow().english());
    }

    @Test
    void aPidGoneAfterTheDaemonWasSelectedFailsSayingSo() {
        DaemonRecord r = sb.start("vanished");
        DoctorContext context = CheckFixture.context(sb, null);
        context.daemon().orElseThrow();
        sb.processes.kill(r.pid());

        Finding f = new IdentityCheck().evaluate(context);

        assertEquals(CheckStatus.FAIL, f.status());
        assertEquals("pid " + r.pid() + " start (gone) ''", f.observed().english());
    }
}
