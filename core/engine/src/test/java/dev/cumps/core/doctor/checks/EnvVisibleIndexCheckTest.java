package dev.cumps.core.doctor.checks;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.cumps.core.doctor.CheckStatus;
import dev.cumps.core.doctor.DoctorText;
import dev.cumps.core.doctor.Finding;
import dev.cumps.core.message.Message;
import dev.cumps.core.testing.FakeGpu;
import dev.cumps.core.testing.Sandbox;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

class EnvVisibleIndexCheckTest {
    private final Sandbox sb = new Sandbox();

    @BeforeEach
    void threeGpus() {
        sb.mps.gpus(FakeGpu.exclusive(0), FakeGpu.exclusive(1), FakeGpu.exclusive(2));
    }

    @AfterEach
    void cleanUp() {
        sb.close();
    }

    private Finding withMask(String mask) {
        sb.env("CUDA_VISIBLE_DEVICES", mask);
        return CheckFixture.evaluate(new EnvVisibleIndexCheck(), sb);
    }

    @Test
    void hasNoPremises() {
        assertTrue(new EnvVisibleIndexCheck().needs().isEmpty());
    }

    @Test
    void unsetZeroUuidsAndAllPass() {
        assertEquals("CUDA_VISIBLE_DEVICES unset", CheckFixture.evaluate(new EnvVisibleIndexCheck(), sb).observed().english());
        assertEquals("CUDA_VISIBLE_DEVICES='0'", withMask("0").observed().english());
        assertEquals(CheckStatus.PASS, withMask(FakeGpu.uuidFor(2)).status());
        assertEquals("CUDA_VISIBLE_DEVICES 'all'", withMask("all").observed().english());
    }

    @Test
    void nonzeroIndicesWarnNamingTheirUuidsAndTheUuidMask() {
        Finding f = withMask("1, 2");

        assertEquals(CheckStatus.WARN, f.status());
        assertEquals("CUDA_VISIBLE_DEVICES='1, 2' has index 1 = " + FakeGpu.uuidFor(1) + ", 2 = " + FakeGpu.uuidFor(2),
                f.observed().english());
        assertEquals("an MPS server exposes its GPU as device 0, so mask clients by UUID: CUDA_VISIBLE_DEVICES="
                + FakeGpu.uuidFor(1) + "," + FakeGpu.uuidFor(2), f.remedy().orElseThrow().english());
    }

    @Test
    void anIndexNvidiaSmiDoesNotListIsAnUnknownGpuTranslatedInTheObservation() {
        Finding f = withMask("7");

        assertEquals("CUDA_VISIBLE_DEVICES='7' has index 7 = (unknown GPU)", f.observed().english());
        Message listed = (Message) f.observed().args().get(1);
        assertEquals(Message.of(DoctorText.ENV_VISIBLE_UNKNOWN_GPU), listed.args().get(1));
    }
}
