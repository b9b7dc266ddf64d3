package dev.cumps.app.live;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.cumps.core.gpu.Gpu;
import dev.cumps.core.gpu.GpuUuid;
import dev.cumps.core.status.HostStatus;
import java.nio.file.Path;
import java.util.List;
import java.util.Optional;
import org.junit.jupiter.api.Test;

/** The GPU load history behind the GPUs table's sparklines: bounded, per UUID, gaps for unknown values. */
class GpuLoadHistoryTest {

    private static final String A = "GPU-5f0c1a2e-0000-4000-8000-00000000000a";
    private static final String B = "GPU-5f0c1a2e-0000-4000-8000-00000000000b";

    private static HostStatus status(List<Gpu> gpus) {
        return new HostStatus("linux", true, List.of(), Optional.empty(), Optional.empty(),
                gpus.stream().map(g -> new HostStatus.GpuRow(g, true, List.of())).toList(), List.of(), List.of(), List.of(),
                List.of(), Path.of("/r"), false);
    }

    private static Gpu gpu(int index, String uuid, Optional<Integer> util, Optional<Long> used) {
        return new Gpu(index, GpuUuid.parse(uuid), "H100", "Exclusive_Process", Optional.of(1000L), Optional.empty(),
                Optional.empty(), Optional.empty(), util, used);
    }

    @Test
    void keepsTheLastPointsPerGpuAndTheLatestValues() {
        GpuLoadHistory history = new GpuLoadHistory();
        for (int i = 0; i < GpuLoadHistory.MAX_POINTS + 10; i++) {
            history.record(status(List.of(gpu(0, A, Optional.of(i % 101), Optional.of(250L)),
                    gpu(1, B, Optional.of(50), Optional.of(500L)))));
        }
        LoadTrend a = history.trend(A);
        assertEquals(GpuLoadHistory.MAX_POINTS, a.points(), "bounded");
        assertEquals(Optional.of((GpuLoadHistory.MAX_POINTS + 9) % 101), a.lastUtilizationPercent());
        assertEquals(0.25, a.memory().get(0), 1e-9);
        assertEquals(Optional.of(500L), history.trend(B).lastUsedMiB());
        assertEquals(GpuLoadHistory.MAX_POINTS + 10, history.revisionProperty().get(), "one revision per refresh");
    }

    @Test
    void unknownValuesAreGapsAndAGoneGpuLosesItsHistory() {
        GpuLoadHistory history = new GpuLoadHistory();
        history.record(status(List.of(gpu(0, A, Optional.of(40), Optional.of(100L)), gpu(1, B, Optional.of(1), Optional.of(1L)))));
        history.record(status(List.of(gpu(0, A, Optional.empty(), Optional.empty()))));
        LoadTrend a = history.trend(A);
        assertEquals(2, a.points());
        assertTrue(Double.isNaN(a.utilization().get(1)));
        assertEquals(Optional.empty(), a.lastUtilizationPercent());
        assertEquals(0, history.trend(B).points(), "GPU B left the list");
        // The sparkline leaves the unknown sample out and puts the newest known one a step left of the edge.
        List<Double> points = GpuLoadColumns.points(a.utilization());
        assertEquals(2, points.size());
        assertEquals(GpuLoadColumns.SPARK_HEIGHT * 0.6, points.get(1), 1e-9);
    }
}
