package dev.cumps.core.doctor.checks;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.cumps.core.doctor.CheckStatus;
import dev.cumps.core.doctor.DoctorText;
import dev.cumps.core.doctor.Finding;
import dev.cumps.core.doctor.Need;
import dev.cumps.core.testing.FakeGpu;
import dev.cumps.core.testing.Sandbox;
import java.util.List;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

class TopologyCheckTest {
    private final Sandbox sb = new Sandbox();

    @BeforeEach
    void twoGpus() {
        sb.mps.gpus(FakeGpu.exclusive(0), FakeGpu.exclusive(1));
    }

    @AfterEach
    void cleanUp() {
        sb.close();
    }

    @Test
    void needsTheVisibleGpus() {
        assertEquals(List.of(Need.VISIBLE_GPUS), new TopologyCheck().needs());
    }

    @Test
    void oneGpuResolvesToSingleGpu() {
        Finding f = CheckFixture.evaluate(new TopologyCheck(), sb, "1");

        assertEquals(CheckStatus.PASS, f.status());
        assertEquals("--gpus 1 -> single_gpu on " + FakeGpu.uuidFor(1), f.observed().english());
        assertEquals("single_gpu", f.expected().english());
    }

    @Test
    void allGpusAreATopologyThatDoesNotRunYet() {
        Finding f = CheckFixture.evaluate(new TopologyCheck(), sb, "all");

        assertEquals(CheckStatus.FAIL, f.status());
        assertEquals("--gpus all -> task_per_gpu (2 GPUs)", f.observed().english());
        assertEquals(DoctorText.TOPOLOGY_REMEDY_SINGLE, f.remedy().orElseThrow().id());
    }

    @Test
    void noSelectorWithTwoVisibleGpusFailsAskingForOne() {
        Finding f = CheckFixture.evaluate(new TopologyCheck(), sb);

        assertEquals(CheckStatus.FAIL, f.status());
        assertTrue(f.observed().english().startsWith("2 GPUs are visible"), f.observed().english());
        assertEquals("select one visible GPU with --gpus INDEX|UUID", f.remedy().orElseThrow().english());
    }
}
