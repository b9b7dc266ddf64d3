package dev.cumps.core.doctor.checks;

import static org.junit.jupiter.api.Assertions.assertEquals;

import dev.cumps.core.doctor.CheckStatus;
import dev.cumps.core.doctor.Finding;
import dev.cumps.core.doctor.Need;
import dev.cumps.core.testing.FakeGpu;
import dev.cumps.core.testing.Sandbox;
import java.util.List;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

class MigCheckTest {
    private final Sandbox sb = new Sandbox();

    @AfterEach
    void cleanUp() {
        sb.close();
    }

    @Test
    void needsAResolvedThenASingleGpuInThatOrder() {
        assertEquals(List.of(Need.RESOLVED_GPU, Need.SINGLE_GPU), new MigCheck().needs());
    }

    @Test
    void disabledMigPasses() {
        Finding f = CheckFixture.evaluate(new MigCheck(), sb);

        assertEquals(CheckStatus.PASS, f.status());
        assertEquals("mig.mode.current=Disabled", f.observed().english());
    }

    @Test
    void enabledMigFailsWithTheCommandForThatGpu() {
        sb.mps.gpus(FakeGpu.exclusive(0), FakeGpu.exclusive(1).withMig("Enabled"));

        Finding f = CheckFixture.evaluate(new MigCheck(), sb, "1");

        assertEquals(CheckStatus.FAIL, f.status());
        assertEquals("mig.mode.current=Enabled", f.observed().english());
        assertEquals("MIG is not supported: `sudo nvidia-smi -i 1 -mig 0`, or choose another GPU", f.remedy().orElseThrow().english());
    }
}
