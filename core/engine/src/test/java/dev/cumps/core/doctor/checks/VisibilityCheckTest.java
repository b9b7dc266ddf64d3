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

class VisibilityCheckTest {
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
    void needsNvidiaSmi() {
        assertEquals(List.of(Need.NVIDIA_SMI), new VisibilityCheck().needs());
    }

    @Test
    void anUnsetMaskLeavesEveryGpuVisible() {
        Finding f = CheckFixture.evaluate(new VisibilityCheck(), sb);

        assertEquals(CheckStatus.PASS, f.status());
        assertEquals("CUDA_VISIBLE_DEVICES=(unset) leaves 2 GPU(s) visible", f.observed().english());
    }

    @Test
    void aMaskByUuidCountsTheGpusItLeaves() {
        sb.env("CUDA_VISIBLE_DEVICES", FakeGpu.uuidFor(1));

        Finding f = CheckFixture.evaluate(new VisibilityCheck(), sb);

        assertEquals(CheckStatus.PASS, f.status());
        assertEquals("CUDA_VISIBLE_DEVICES=" + FakeGpu.uuidFor(1) + " leaves 1 GPU(s) visible", f.observed().english());
    }

    @Test
    void anEntryNamingNoGpuFailsWithTheReasonAndTheRemedy() {
        sb.env("CUDA_VISIBLE_DEVICES", "0,9");

        Finding f = CheckFixture.evaluate(new VisibilityCheck(), sb);

        assertEquals(CheckStatus.FAIL, f.status());
        assertTrue(f.observed().english().startsWith("CUDA_VISIBLE_DEVICES entry '9' matches no GPU"), f.observed().english());
        assertEquals(DoctorText.VISIBILITY_REMEDY, f.remedy().orElseThrow().id());
    }
}
