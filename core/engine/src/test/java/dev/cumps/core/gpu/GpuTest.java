package dev.cumps.core.gpu;

import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.Optional;
import org.junit.jupiter.api.Test;

class GpuTest {
    private static final GpuUuid A = GpuUuid.parse("GPU-5f0c1a2e-0000-4000-8000-00000000000a");
    private static final GpuUuid B = GpuUuid.parse("GPU-5f0c1a2e-0000-4000-8000-00000000000b");

    private static Gpu gpu(int index, GpuUuid uuid, Optional<Integer> utilization) {
        return new Gpu(index, uuid, "NVIDIA H100 80GB HBM3", "Default", Optional.of(81_559L), Optional.of("Disabled"),
                Optional.of("550.54.15"), Optional.of("00000000:18:00.0"), utilization, Optional.of(1_024L));
    }

    /** The same GPU in two queries: its load moved, its index and UUID did not (status and doctor match GPUs so). */
    @Test
    void theSameGpuIsTheSameIndexAndUuidWhateverItsLoad() {
        assertTrue(gpu(0, A, Optional.of(37)).sameGpu(gpu(0, A, Optional.of(90))));
        assertFalse(gpu(0, A, Optional.of(37)).sameGpu(gpu(1, A, Optional.of(37))), "another index");
        assertFalse(gpu(0, A, Optional.of(37)).sameGpu(gpu(0, B, Optional.of(37))), "another UUID");
    }
}
