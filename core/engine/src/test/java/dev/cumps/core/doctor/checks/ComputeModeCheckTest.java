package dev.cumps.core.doctor.checks;

import static org.junit.jupiter.api.Assertions.assertEquals;

import dev.cumps.core.doctor.CheckStatus;
import dev.cumps.core.doctor.DoctorText;
import dev.cumps.core.doctor.Finding;
import dev.cumps.core.gpu.GpuText;
import dev.cumps.core.message.Message;
import dev.cumps.core.testing.FakeGpu;
import dev.cumps.core.testing.Sandbox;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

class ComputeModeCheckTest {
    private final Sandbox sb = new Sandbox();

    @AfterEach
    void cleanUp() {
        sb.close();
    }

    private Finding withMode(String mode) {
        sb.mps.gpus(FakeGpu.exclusive(0).withComputeMode(mode));
        return CheckFixture.evaluate(new ComputeModeCheck(), sb);
    }

    @Test
    void exclusiveProcessPasses() {
        Finding f = withMode("Exclusive_Process");

        assertEquals(CheckStatus.PASS, f.status());
        assertEquals("GPU 0 compute mode Exclusive_Process", f.observed().english());
        assertEquals("Exclusive_Process", f.expected().english());
    }

    @Test
    void defaultWarnsRecommendingExclusiveProcess() {
        Finding f = withMode("Default");

        assertEquals(CheckStatus.WARN, f.status());
        assertEquals(DoctorText.COMPUTE_MODE_DEFAULT_REMEDY, f.remedy().orElseThrow().id());
        assertEquals("NVIDIA recommends EXCLUSIVE_PROCESS with MPS so only the MPS server uses the GPU: "
                + "`sudo nvidia-smi -i 0 -c EXCLUSIVE_PROCESS`", f.remedy().orElseThrow().english());
    }

    @Test
    void prohibitedFails() {
        Finding f = withMode("Prohibited");

        assertEquals(CheckStatus.FAIL, f.status());
        assertEquals(DoctorText.COMPUTE_MODE_PROHIBITED_REMEDY, f.remedy().orElseThrow().id());
    }

    @Test
    void aModeNvidiaSmiDoesNotReportWarnsWithTheCommandAlone() {
        Finding f = withMode("[N/A]");

        assertEquals(CheckStatus.WARN, f.status());
        assertEquals("GPU 0 compute mode [N/A]", f.observed().english());
        assertEquals("`sudo nvidia-smi -i 0 -c EXCLUSIVE_PROCESS`", f.remedy().orElseThrow().english());
    }

    @Test
    void aModeIsShownThroughTheGpuDisplayTextWhenThatReadsAsNvidiaSmiPrintedIt() {
        assertEquals(Message.of(GpuText.COMPUTE_MODE_EXCLUSIVE_PROCESS), withMode("Exclusive_Process").observed().args().get(1));
        assertEquals(Message.of(GpuText.COMPUTE_MODE_EXCLUSIVE_PROCESS), withMode("Default").expected());
        assertEquals(Message.of(GpuText.COMPUTE_MODE_OTHER, "[N/A]"), withMode("[N/A]").observed().args().get(1));
        Finding numeric = withMode("3");
        assertEquals("3", numeric.observed().args().get(1), "a numeric mode is shown as nvidia-smi printed it");
        assertEquals("GPU 0 compute mode 3", numeric.observed().english());
    }
}
