package dev.cumps.app.live;

import dev.cumps.core.gpu.Gpu;
import dev.cumps.core.status.HostStatus;
import java.util.ArrayDeque;
import java.util.Deque;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import javafx.beans.property.ReadOnlyLongProperty;
import javafx.beans.property.ReadOnlyLongWrapper;

/**
 * The recent load of each GPU, kept by UUID: utilisation and memory used/total from each refresh's
 * GPU query (nvidia-smi's {@code utilization.gpu}, {@code memory.used}, {@code memory.total}), the
 * last {@link #MAX_POINTS} samples each, so that the GPUs table draws a sparkline of the last few
 * minutes. A GPU that leaves the list loses its history. UI thread only; {@link #revisionProperty()}
 * changes after every refresh.
 */
public final class GpuLoadHistory {

    /** Samples kept per GPU: three minutes at the default refresh interval of two seconds. */
    public static final int MAX_POINTS = 90;

    /** One GPU's load at one refresh; empty where nvidia-smi did not know the value. */
    private record Sample(Optional<Integer> utilizationPercent, Optional<Long> usedMiB, Optional<Long> totalMiB) {
    }

    private final Map<String, Deque<Sample>> samples = new HashMap<>();
    private final ReadOnlyLongWrapper revision = new ReadOnlyLongWrapper(this, "revision");

    /** Adds the load of every GPU of {@code status}; forgets GPUs it no longer lists. */
    public void record(HostStatus status) {
        Set<String> present = new HashSet<>();
        for (HostStatus.GpuRow row : status.gpus()) {
            Gpu gpu = row.gpu();
            String uuid = gpu.uuid().value();
            present.add(uuid);
            Deque<Sample> series = samples.computeIfAbsent(uuid, k -> new ArrayDeque<>());
            series.addLast(new Sample(gpu.utilizationPercent(), gpu.memoryUsedMiB(), gpu.memoryTotalMiB()));
            while (series.size() > MAX_POINTS) {
                series.removeFirst();
            }
        }
        samples.keySet().retainAll(present);
        revision.set(revision.get() + 1);
    }

    /** The recent load of the GPU {@code uuid}, oldest first (empty trend when it has none). */
    public LoadTrend trend(String uuid) {
        Deque<Sample> series = samples.get(uuid);
        if (series == null || series.isEmpty()) {
            return LoadTrend.EMPTY;
        }
        List<Double> utilization = series.stream()
                .map(s -> s.utilizationPercent().map(p -> p / 100.0).orElse(Double.NaN)).toList();
        List<Double> memory = series.stream().map(s -> s.usedMiB().isPresent() && s.totalMiB().filter(t -> t > 0).isPresent()
                ? (double) s.usedMiB().get() / s.totalMiB().get() : Double.NaN).toList();
        Sample last = series.getLast();
        return new LoadTrend(utilization, memory, last.utilizationPercent(), last.usedMiB(), last.totalMiB());
    }

    /** Changes after every refresh: the table redraws its load cells. */
    public ReadOnlyLongProperty revisionProperty() {
        return revision.getReadOnlyProperty();
    }
}
