package dev.cumps.core.gpu;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.cumps.core.message.CumpsException;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

class GpuUuidTest {
    private static final String CANONICAL = "GPU-5f0c1a2e-0000-4000-8000-00000000000a";

    @ParameterizedTest
    @ValueSource(strings = {
            "GPU-5f0c1a2e-0000-4000-8000-00000000000a",
            "gpu-5F0C1A2E-0000-4000-8000-00000000000A",
            "5f0c1a2e-0000-4000-8000-00000000000a",
            "5F0C1A2E00004000800000000000000A",
            "GPU-5f0c1a2e00004000800000000000000a",
            "  GPU-5f0c1a2e-0000-4000-8000-00000000000a  "})
    void everyAcceptedSpellingCanonicalises(String spelling) {
        assertEquals(CANONICAL, GpuUuid.parse(spelling).value());
    }

    @ParameterizedTest
    @ValueSource(strings = {"MIG-5f0c1a2e-0000-4000-8000-00000000000a", "mig-GPU-5f0c1a2e-0000-4000-8000-00000000000a/1/0"})
    void migUuidsAreRefusedNamingMig(String mig) {
        CumpsException e = assertThrows(CumpsException.class, () -> GpuUuid.parse(mig));
        assertTrue(e.getMessage().contains("MIG"), e.getMessage());
    }

    @ParameterizedTest
    @ValueSource(strings = {"GPU-xyz", "GPU-5f0c1a2e-0000-4000-8000-00000000000", "5f0c1a2e-00004-000-8000-00000000000a", "", "GPU-"})
    void malformedUuidsAreRefusedWithTheExpectedShape(String bad) {
        CumpsException e = assertThrows(CumpsException.class, () -> GpuUuid.parse(bad));
        assertTrue(e.getMessage().contains("GPU-xxxxxxxx"), e.getMessage());
    }

    @Test
    void comparisonUsesTheCanonicalForm() {
        assertEquals(GpuUuid.parse("5F0C1A2E00004000800000000000000A"), GpuUuid.parse(CANONICAL));
    }

    @Test
    void indicesDoNotLookLikeUuids() {
        assertFalse(GpuUuid.looksLikeUuid("0"));
        assertFalse(GpuUuid.looksLikeUuid("12"));
        assertTrue(GpuUuid.looksLikeUuid("GPU-1"));
        assertTrue(GpuUuid.looksLikeUuid("MIG-1"));
    }
}
