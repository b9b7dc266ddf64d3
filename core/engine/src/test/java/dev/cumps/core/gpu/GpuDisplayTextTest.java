package dev.cumps.core.gpu;

import static org.junit.jupiter.api.Assertions.assertEquals;

import dev.cumps.core.message.Message;
import java.util.Optional;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/** The compute and MIG modes as the GPU table shows them: a key per known value, the raw text for others. */
class GpuDisplayTextTest {
    private static Gpu gpu(String computeMode, Optional<String> migMode) {
        return new Gpu(0, GpuUuid.parse("GPU-5f0c1a2e-0000-4000-8000-000000000000"), "Sim", computeMode, Optional.empty(),
                migMode, Optional.empty(), Optional.empty());
    }

    @ParameterizedTest
    @CsvSource({
        "Default, COMPUTE_MODE_DEFAULT, Default",
        "Exclusive_Process, COMPUTE_MODE_EXCLUSIVE_PROCESS, Exclusive_Process",
        "Prohibited, COMPUTE_MODE_PROHIBITED, Prohibited",
        "Shared_Future, COMPUTE_MODE_OTHER, Shared_Future",
        "[N/A], COMPUTE_MODE_OTHER, [N/A]",
    })
    void computeModes(String raw, GpuText key, String english) {
        Message text = gpu(raw, Optional.empty()).computeModeText();
        assertEquals(key, text.id());
        assertEquals(english, text.english());
    }

    @ParameterizedTest
    @CsvSource({
        "Enabled, MIG_MODE_ENABLED, Enabled",
        "Disabled, MIG_MODE_DISABLED, Disabled",
        "Pending, MIG_MODE_OTHER, Pending",
        "'', MIG_MODE_NONE, n/a",
    })
    void migModes(String raw, GpuText key, String english) {
        Message text = gpu("Default", raw.isEmpty() ? Optional.empty() : Optional.of(raw)).migModeText();
        assertEquals(key, text.id());
        assertEquals(english, text.english());
    }
}
