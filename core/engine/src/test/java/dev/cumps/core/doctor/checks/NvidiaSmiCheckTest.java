package dev.cumps.core.doctor.checks;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.cumps.core.doctor.CheckStatus;
import dev.cumps.core.doctor.DoctorText;
import dev.cumps.core.doctor.Finding;
import dev.cumps.core.message.Message;
import dev.cumps.core.testing.FakeGpu;
import dev.cumps.core.testing.FakeMpsHost;
import dev.cumps.core.testing.Sandbox;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

class NvidiaSmiCheckTest {
    private final Sandbox sb = new Sandbox();

    @AfterEach
    void cleanUp() {
        sb.close();
    }

    @Test
    void listingGpusPassesWithCountAndDriver() {
        sb.mps.gpus(FakeGpu.exclusive(0), FakeGpu.exclusive(1));

        Finding f = CheckFixture.evaluate(new NvidiaSmiCheck(), sb);

        assertEquals(CheckStatus.PASS, f.status());
        assertEquals("2 GPU(s), driver 550.54.15", f.observed().english());
        assertEquals("nvidia-smi lists the GPUs within 5 s", f.expected().english());
    }

    @Test
    void aTimeoutFailsShowingNvidiaSmisDiagnosticAndTheDriverRemedy() {
        sb.mps.smi(FakeMpsHost.Smi.TIMED_OUT);

        Finding f = CheckFixture.evaluate(new NvidiaSmiCheck(), sb);

        assertEquals(CheckStatus.FAIL, f.status());
        assertEquals(DoctorText.NVIDIA_SMI_FAILED, f.observed().id());
        assertTrue(f.observed().english().contains("did not answer"), f.observed().english());
        assertTrue(f.observed().args().get(0) instanceof Message, "nvidia-smi's diagnostic is nested as its own message");
        assertTrue(f.remedy().orElseThrow().english().contains("NVIDIA driver"));
    }

    @Test
    void aMissingNvidiaSmiFails() {
        sb.mps.smi(FakeMpsHost.Smi.NOT_FOUND);

        assertEquals(CheckStatus.FAIL, CheckFixture.evaluate(new NvidiaSmiCheck(), sb).status());
    }
}
