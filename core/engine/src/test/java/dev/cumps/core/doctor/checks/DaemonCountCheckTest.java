package dev.cumps.core.doctor.checks;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.cumps.core.doctor.CheckStatus;
import dev.cumps.core.doctor.DoctorText;
import dev.cumps.core.doctor.Finding;
import dev.cumps.core.doctor.FixTarget;
import dev.cumps.core.doctor.Need;
import dev.cumps.core.record.DaemonRecord;
import dev.cumps.core.testing.FakeGpu;
import dev.cumps.core.testing.Sandbox;
import java.util.List;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

class DaemonCountCheckTest {
    private static final String UUID = FakeGpu.uuidFor(0);
    private final Sandbox sb = new Sandbox();

    @AfterEach
    void cleanUp() {
        sb.close();
    }

    @Test
    void needsASingleGpu() {
        assertEquals(List.of(Need.SINGLE_GPU), new DaemonCountCheck().needs());
    }

    @Test
    void oneLiveDaemonPassesNamingIt() {
        sb.start("good");

        Finding f = CheckFixture.evaluate(new DaemonCountCheck(), sb);

        assertEquals(CheckStatus.PASS, f.status());
        assertEquals("1 live record(s) for " + UUID + " (good)", f.observed().english());
        assertEquals("1 live record", f.expected().english());
    }

    @Test
    void noDaemonFailsSayingHowToStartOneOnThatGpu() {
        sb.mps.gpus(FakeGpu.exclusive(0), FakeGpu.exclusive(1));

        Finding f = CheckFixture.evaluate(new DaemonCountCheck(), sb, "1");

        assertEquals(CheckStatus.FAIL, f.status());
        assertEquals("0 live record(s) for " + FakeGpu.uuidFor(1), f.observed().english());
        assertEquals("start one: `cumps start --gpus 1`", f.remedy().orElseThrow().english());
    }

    @Test
    void aStaleRecordIsCountedButNotLive() {
        DaemonRecord r = sb.start("gone");
        sb.processes.kill(r.pid());

        Finding f = CheckFixture.evaluate(new DaemonCountCheck(), sb);

        assertEquals(CheckStatus.FAIL, f.status());
        assertEquals(DoctorText.DAEMON_COUNT_STALE, f.observed().id());
        assertEquals("0 live, 1 stale record(s) for " + UUID, f.observed().english());
    }

    @Test
    void twoLiveDaemonsFailOfferingToStopTheNewerOne() {
        sb.start("one");
        sb.processes.put(4_140_000L, "nvidia-cuda-mps", 4242);
        sb.handRecord("two", 4_140_000L, 4242, sb.dir.resolve("p2"), sb.dir.resolve("l2"));

        Finding f = CheckFixture.evaluate(new DaemonCountCheck(), sb);

        assertEquals(CheckStatus.FAIL, f.status());
        assertTrue(f.observed().english().endsWith("(one, two)"), f.observed().english());
        assertEquals(DoctorText.DAEMON_COUNT_EXTRA_REMEDY, f.remedy().orElseThrow().id());
        assertEquals("stop the newer one(s) (two), keeping one: `cumps doctor --fix`, or `cumps stop --name NAME`",
                f.remedy().orElseThrow().english());
        assertEquals(List.of(new FixTarget.ExtraDaemon("two", 4_140_000L, 4242, UUID, "one")), f.fixes());
    }
}
